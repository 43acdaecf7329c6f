import { CAPTCHA_MESSAGES } from '@linkloom/shared';
import { BAD_KEY, CaptchaServiceError, captchaEndpoint, captchaExchange, parseJson, required, type CaptchaBalanceClient } from '../captcha-client';

/**
 * DeathByCaptcha's HTTP API (https://deathbycaptcha.com/api, the official clients' get_user):
 * POST http://api.dbcapi.me/api/user with username and password (form encoded, Accept JSON) →
 * {user, rate, balance, is_banned}, the balance in US cents. A refused login answers 403 (or
 * user 0); a banned account counts as a refused one.
 */
export const deathByCaptchaClient: CaptchaBalanceClient = {
  provider: 'DeathByCaptcha',
  docUrl: 'https://deathbycaptcha.com/api',
  async balance(credentials, options) {
    const username = required(credentials.username, CAPTCHA_MESSAGES.username);
    const password = required(credentials.password, CAPTCHA_MESSAGES.password);
    const answer = await captchaExchange(this.provider, captchaEndpoint('http://api.dbcapi.me/api/user'), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({ username, password }).toString(),
    }, options);
    if (answer.status === 403 || answer.status === 401) return BAD_KEY;
    if (answer.status >= 500) throw new CaptchaServiceError('unavailable', `DeathByCaptcha is unavailable (HTTP ${answer.status}); try again later`);
    const body = parseJson(this.provider, answer.body);
    if (!body.user || body.is_banned === true) return BAD_KEY;
    if (typeof body.balance !== 'number') throw new CaptchaServiceError('unexpected', 'DeathByCaptcha answered without a balance');
    return Math.round(body.balance) / 100;
  },
};
