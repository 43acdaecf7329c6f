import type { Kysely } from 'kysely';
import {
  CAPTCHA_MESSAGES, type CaptchaBalanceResponse, type CaptchaProvider, type PrimaryCaptchaBalance, type PrimaryGoogleCaptchaBalance,
} from '@linkloom/shared';
import type { DB } from '../../platform/db/schema';
import { readEngineOptions } from '../seams';
import { CaptchaServiceError, type CaptchaCredentialsIn } from './captcha-client';
import { captchaBalance } from './registry';

function loginInfoOf(text: string): CaptchaCredentialsIn {
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null) return {};
    const fields = value as Record<string, unknown>;
    const pick = (name: string) => (typeof fields[name] === 'string' ? fields[name] : undefined);
    return { captchaKey: pick('captchaKey'), username: pick('username'), password: pick('password'), address: pick('address'), key: pick('key') };
  } catch {
    return {};
  }
}

function messageOf(error: unknown): string {
  return error instanceof CaptchaServiceError ? error.message : CAPTCHA_MESSAGES.unknownError;
}

/** POST /action/check_balance/captcha/: the balance with credentials typed in the tab (not saved yet). */
export async function checkCaptchaBalance(provider: CaptchaProvider, loginInfo: string): Promise<CaptchaBalanceResponse> {
  try {
    return { balance: await captchaBalance(provider, loginInfoOf(loginInfo)) };
  } catch (error) {
    return { error: { message: messageOf(error) } };
  }
}

/** The saved primary provider's balance when its switch is on (the campaign page's two checks). */
async function savedPrimaryBalance(db: Kysely<DB>, ownerId: number, google: boolean): Promise<{ error: string | null; use: boolean; balance: number | null; provider: CaptchaProvider }> {
  const options = await readEngineOptions(db, ownerId);
  const use = google ? options.useGoogleNoCaptcha : options.autoSolveCaptcha;
  const provider = google ? options.googleNoCaptchaService : options.primaryCaptchaService;
  if (!use) return { error: null, use, balance: null, provider };
  const groups = google ? options.googleCaptchaPrimary : options.captchaPrimary;
  try {
    return { error: null, use, balance: await captchaBalance(provider, groups[provider] ?? {}), provider };
  } catch (error) {
    return { error: messageOf(error), use, balance: null, provider };
  }
}

/** GET /action/check_balance/primary_captcha */
export async function primaryCaptchaBalance(db: Kysely<DB>, ownerId: number): Promise<PrimaryCaptchaBalance> {
  const { error, use, balance, provider } = await savedPrimaryBalance(db, ownerId, false);
  return { error, useCaptcha: use, balance, provider };
}

/** GET /action/check_balance/primary_google_captcha */
export async function primaryGoogleCaptchaBalance(db: Kysely<DB>, ownerId: number): Promise<PrimaryGoogleCaptchaBalance> {
  const { error, use, balance, provider } = await savedPrimaryBalance(db, ownerId, true);
  return { error, useGoogleCaptcha: use, balance, provider };
}
