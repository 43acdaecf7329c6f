import { ALERT_MESSAGES, type Alert, type AlertWebhookPayload, type TestAlertWebhookResult } from '@linkloom/shared';
import type { AppContext } from '../../app-context';
import { egressFetch } from '../../platform/egress/egress-dispatcher';
import { findOutboundRefusal } from '../../platform/egress/outbound-policy';
import { readAlertSettings, recordWebhookOutcome } from '../seams';

/** How long a webhook may take to answer. */
export const WEBHOOK_TIMEOUT_MS = 10_000;

/** A delivery's outcome in our words: the remote answer is summarised by its status, never echoed. */
export interface WebhookOutcome {
  ok: boolean;
  /** Worth another try later (no answer, 5xx, 408, 429). */
  retryable: boolean;
  /** The outbound policy refused the address: nothing was sent. */
  refused: boolean;
  info: string;
}

function answered(status: number): WebhookOutcome {
  if (status >= 200 && status < 300) return { ok: true, retryable: false, refused: false, info: `Delivered (HTTP ${status})` };
  if (status >= 300 && status < 400) {
    return { ok: false, retryable: false, refused: false, info: `The webhook answered with a redirect (HTTP ${status}): give its final address` };
  }
  const retryable = status >= 500 || status === 408 || status === 429;
  const info = retryable ? `The webhook answered HTTP ${status}` : `The webhook answered HTTP ${status}: check the address and what the receiver expects`;
  return { ok: false, retryable, refused: false, info };
}

/**
 * POSTs the payload as JSON through the outbound policy (egressFetch: the address really connected
 * to is checked, a private or metadata address is refused before any byte is sent). Redirects are
 * not followed (a POST would turn into a GET); the answer's body is never read.
 */
export async function postWebhook(url: string, payload: AlertWebhookPayload, signal?: AbortSignal): Promise<WebhookOutcome> {
  const timeout = AbortSignal.timeout(WEBHOOK_TIMEOUT_MS);
  try {
    const response = await egressFetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': 'LinkLoom-Alerts/1' },
      body: JSON.stringify(payload),
      redirect: 'manual',
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
    await response.body?.cancel().catch(() => undefined);
    return answered(response.status);
  } catch (error) {
    const refusal = findOutboundRefusal(error);
    if (refusal) return { ok: false, retryable: false, refused: true, info: `Not sent: ${refusal.message}` };
    if (timeout.aborted) return { ok: false, retryable: true, refused: false, info: `The webhook did not answer within ${WEBHOOK_TIMEOUT_MS / 1000} s` };
    if (signal?.aborted) throw error;
    const code = (error as { cause?: { code?: unknown } }).cause?.code;
    return { ok: false, retryable: true, refused: false, info: `The webhook could not be reached${typeof code === 'string' ? ` (${code})` : ''}` };
  }
}

/** The body a webhook gets for an alert. */
export function webhookPayload(alert: Alert, campaign: string | null, test = false): AlertWebhookPayload {
  return { event: 'linkloom.alert', test, alert: { ...alert, campaign } };
}

/** The test button's sample: an alert that is never stored. */
function sampleAlert(now: number): Alert {
  return {
    id: 1, kind: 'link_dead', campaignId: null, linkSetId: null, urlItemId: null, title: ALERT_MESSAGES.sampleTitle, body: ALERT_MESSAGES.sampleBody,
    url: 'https://example.com/a-post/', site: 'example.com', createdAt: now, readAt: null, webhook: null, email: null,
  };
}

/**
 * POST /action/alerts/test_webhook: sends the sample to `url` (the form's address) or the saved
 * one, and answers the outcome in our words. A test of the saved address is recorded as its
 * latest outcome.
 */
export async function testAlertWebhook(ctx: AppContext, ownerId: number, url: string | undefined): Promise<TestAlertWebhookResult> {
  const { db } = ctx.database;
  const saved = (await readAlertSettings(db, ownerId)).webhookUrl;
  const target = url ?? saved;
  if (target === '') return { ok: false, message: ALERT_MESSAGES.noWebhook };
  const now = Date.now();
  const outcome = await postWebhook(target, webhookPayload(sampleAlert(now), null, true));
  if (target === saved) await recordWebhookOutcome(db, ownerId, { at: now, ok: outcome.ok, info: outcome.info });
  return { ok: outcome.ok, message: outcome.info };
}
