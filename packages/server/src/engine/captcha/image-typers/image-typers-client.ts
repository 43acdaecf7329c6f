import { CAPTCHA_MESSAGES } from '@linkloom/shared';
import { BAD_KEY, CaptchaServiceError, captchaEndpoint, captchaExchange, required, type CaptchaBalanceClient } from '../captcha-client';

/**
 * ImageTypers (https://github.com/imagetyperz-api/API-docs, the account balance endpoint):
 * POST http://captchatypers.com/Forms/RequestBalance.ashx with action=REQUESTBALANCE, username and
 * password (form encoded) → the balance in US dollars as text, or `ERROR: …` (AUTHENTICATION_FAILED
 * for a refused login).
 */
export const imageTypersClient: CaptchaBalanceClient = {
  provider: 'ImageTypers',
  docUrl: 'https://github.com/imagetyperz-api/API-docs',
  async balance(credentials, options) {
    const username = required(credentials.username, CAPTCHA_MESSAGES.username);
    const password = required(credentials.password, CAPTCHA_MESSAGES.password);
    const answer = await captchaExchange(this.provider, captchaEndpoint('http://captchatypers.com/Forms/RequestBalance.ashx'), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ action: 'REQUESTBALANCE', username, password }).toString(),
    }, options);
    if (answer.status >= 500) throw new CaptchaServiceError('unavailable', `ImageTypers is unavailable (HTTP ${answer.status}); try again later`);
    const text = answer.body.trim();
    if (/^error/i.test(text)) {
      if (/AUTHENTICATION|INVALID|USER/i.test(text)) return BAD_KEY;
      throw new CaptchaServiceError('unexpected', `ImageTypers refused the balance check: ${text.replace(/^error:?\s*/i, '')}`);
    }
    const balance = Number(text.replace(/^\$/, ''));
    if (!Number.isFinite(balance)) throw new CaptchaServiceError('unexpected', 'ImageTypers answered something that is not a balance');
    return balance;
  },
};
