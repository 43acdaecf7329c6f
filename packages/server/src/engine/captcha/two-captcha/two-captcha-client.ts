import { clientKeyBalance } from '../anti-captcha/anti-captcha-client';

/**
 * 2Captcha, API v2: https://2captcha.com/api-docs/get-balance — POST https://api.2captcha.com/getBalance
 * with {clientKey}; the same JSON shape as Anti-Captcha's (errorId, balance, errorCode such as
 * ERROR_KEY_DOES_NOT_EXIST for a wrong key).
 */
export const twoCaptchaClient = clientKeyBalance('TwoCaptcha', 'https://api.2captcha.com/getBalance', 'https://2captcha.com/api-docs/get-balance');
