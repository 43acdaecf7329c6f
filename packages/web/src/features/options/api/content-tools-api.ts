import {
  BalanceResponseSchema, SpinTestResponseSchema, type CheckArticleBalanceBody, type SpinTestBody, type SpinnerBalanceBody,
} from '@linkloom/shared';
import { post } from '@/lib/http';
import { HttpError } from '@/lib/http-error';

/** What a content tools check answers on the tab: a value, or the message to show (null: none given). */
export type CheckOutcome = { ok: true; value: string } | { ok: false; message: string | null };

async function outcomeOf(call: () => Promise<string>): Promise<CheckOutcome> {
  try {
    return { ok: true, value: await call() };
  } catch (error) {
    return { ok: false, message: error instanceof HttpError ? error.serverMessage : null };
  }
}

/** POST /action/check_balance/article with the tab's credentials as typed. */
export function checkArticleBalance(body: CheckArticleBalanceBody): Promise<CheckOutcome> {
  return outcomeOf(async () => (await post('/action/check_balance/article', { body, schema: BalanceResponseSchema, silent: true })).balance);
}

/** POST /action/check_balance/spinner with the tab's credentials as typed. */
export function checkSpinnerBalance(body: SpinnerBalanceBody): Promise<CheckOutcome> {
  return outcomeOf(async () => (await post('/action/check_balance/spinner', { body, schema: BalanceResponseSchema, silent: true })).balance);
}

/** POST /action/spin/test: the test text spun with the typed credentials. */
export function testSpinner(body: SpinTestBody): Promise<CheckOutcome> {
  return outcomeOf(async () => (await post('/action/spin/test', { body, schema: SpinTestResponseSchema, silent: true })).result);
}
