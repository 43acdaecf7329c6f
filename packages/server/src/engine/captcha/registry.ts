import { CAPTCHA_MESSAGES, type CaptchaProvider } from '@linkloom/shared';
import { CaptchaServiceError, type CaptchaBalanceClient, type CaptchaCredentialsIn } from './captcha-client';
import { antiCaptchaClient } from './anti-captcha/anti-captcha-client';
import { deathByCaptchaClient } from './death-by-captcha/death-by-captcha-client';
import { imageTypersClient } from './image-typers/image-typers-client';
import { twoCaptchaClient } from './two-captcha/two-captcha-client';

/**
 * Balance clients by provider. Only providers whose balance API is published have one; the others
 * (ZeroCaptcha, BeatCaptcha, BypassCaptcha, Decaptcher, RemoteOCR) answer "not supported", never a
 * made-up balance.
 */
const CLIENTS: ReadonlyMap<string, CaptchaBalanceClient> = new Map(
  [twoCaptchaClient, antiCaptchaClient, deathByCaptchaClient, imageTypersClient].map((client) => [client.provider, client]),
);

export const CAPTCHA_TIMEOUT_MS = 15_000;

/** The provider's balance in US dollars (-1: the key or login was refused), or a CaptchaServiceError. */
export async function captchaBalance(provider: CaptchaProvider, credentials: CaptchaCredentialsIn, timeoutMs = Number(process.env.CAPTCHA_TIMEOUT_MS) || CAPTCHA_TIMEOUT_MS): Promise<number> {
  const client = CLIENTS.get(provider);
  if (!client) throw new CaptchaServiceError('unsupported', CAPTCHA_MESSAGES.notSupported(provider));
  return client.balance(credentials, { timeoutMs });
}
