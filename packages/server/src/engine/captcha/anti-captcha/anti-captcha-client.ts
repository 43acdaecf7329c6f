import { CAPTCHA_MESSAGES } from '@linkloom/shared';
import { BAD_KEY, CaptchaServiceError, captchaEndpoint, captchaExchange, parseJson, required, type CaptchaBalanceClient } from '../captcha-client';

/** Key errors of the documented error list: the key is wrong, not the service. */
const KEY_ERRORS = new Set(['ERROR_KEY_DOES_NOT_EXIST', 'ERROR_WRONG_USER_KEY', 'ERROR_KEY_DENIED_ACCESS']);

/**
 * The JSON getBalance method both Anti-Captcha and 2Captcha's API v2 document: POST {clientKey}
 * → {errorId: 0, balance} in US dollars, or {errorId > 0, errorCode, errorDescription}.
 */
export function clientKeyBalance(provider: string, endpoint: string, docUrl: string): CaptchaBalanceClient {
  return {
    provider,
    docUrl,
    async balance(credentials, options) {
      const clientKey = required(credentials.captchaKey, CAPTCHA_MESSAGES.captchaKey);
      const answer = await captchaExchange(provider, captchaEndpoint(endpoint), {
        method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' }, body: JSON.stringify({ clientKey }),
      }, options);
      if (answer.status >= 500) throw new CaptchaServiceError('unavailable', `${provider} is unavailable (HTTP ${answer.status}); try again later`);
      const body = parseJson(provider, answer.body);
      if (body.errorId === 0 && typeof body.balance === 'number') return body.balance;
      const code = typeof body.errorCode === 'string' ? body.errorCode : '';
      if (KEY_ERRORS.has(code)) return BAD_KEY;
      const description = typeof body.errorDescription === 'string' ? body.errorDescription : code || `HTTP ${answer.status}`;
      throw new CaptchaServiceError('unexpected', `${provider} refused the balance check: ${description}`);
    },
  };
}

/** Anti-Captcha: https://anti-captcha.com/apidoc/methods/getBalance (POST https://api.anti-captcha.com/getBalance). */
export const antiCaptchaClient = clientKeyBalance('AntiCaptcha', 'https://api.anti-captcha.com/getBalance', 'https://anti-captcha.com/apidoc/methods/getBalance');
