import { describe, expect, it } from 'vitest';
import {
  CAPTCHA_MESSAGES, CAPTCHA_TAB_FIELDS, OPTION_DEFAULTS, captchaWarning, missingCaptchaCredentials, optionsUpdateSchemaFor, tabSchemaFor,
} from '../src/index';

describe('captcha options', () => {
  it("needs only the credentials of the provider a ticked switch chooses, with the spec's messages", () => {
    expect(missingCaptchaCredentials(OPTION_DEFAULTS)).toEqual([]);
    expect(missingCaptchaCredentials({ ...OPTION_DEFAULTS, autoSolveCaptcha: true, primaryCaptchaService: 'DeathByCaptcha' })).toEqual([
      { path: ['captchaPrimary', 'DeathByCaptcha', 'username'], message: CAPTCHA_MESSAGES.username },
      { path: ['captchaPrimary', 'DeathByCaptcha', 'password'], message: CAPTCHA_MESSAGES.password },
    ]);
    // The backup column counts only with the main switch on too.
    expect(missingCaptchaCredentials({ ...OPTION_DEFAULTS, useSecondaryCaptchaService: true })).toEqual([]);
    expect(missingCaptchaCredentials({ ...OPTION_DEFAULTS, useGoogleNoCaptcha: true, googleNoCaptchaService: 'RemoteOCR' }).map((p) => p.message))
      .toEqual([CAPTCHA_MESSAGES.address, CAPTCHA_MESSAGES.key]);
    const tab = tabSchemaFor(false, CAPTCHA_TAB_FIELDS);
    expect(tab.safeParse({ ...OPTION_DEFAULTS, autoSolveCaptcha: true }).error?.issues.map((i) => [i.path.join('.'), i.message]))
      .toEqual([['captchaPrimary.ZeroCaptcha.captchaKey', CAPTCHA_MESSAGES.captchaKey]]);
  });

  it('takes a credential group with defaults and refuses unknown settings', () => {
    const schema = optionsUpdateSchemaFor(false);
    expect(schema.parse({ captchaPrimary: { TwoCaptcha: { captchaKey: ' k ' } } }).captchaPrimary?.TwoCaptcha).toEqual({ captchaKey: 'k' });
    expect(schema.safeParse({ captchaPrimary: { TwoCaptcha: { captchaKey: 'k', extra: 1 } } }).error?.issues[0]?.message).toBe('Unknown setting: extra');
    expect(schema.safeParse({ spinners: { tbs: { maxSyns: 9 } } }).success).toBe(false);
    expect(schema.safeParse({ proxyJudgeUrl: 'ftp://x' }).success).toBe(false);
    expect(schema.safeParse({ proxyJudgeUrl: '' }).success).toBe(true);
  });

  it("says what the campaign page shows: bad key, low balance, or nothing (spec 3 section 8)", () => {
    expect(captchaWarning({ error: null, use: false, balance: -1 }, false)).toBeNull();
    expect(captchaWarning({ error: 'down', use: true, balance: null }, false)).toEqual({ level: 'error', text: CAPTCHA_MESSAGES.badKey });
    expect(captchaWarning({ error: null, use: true, balance: -1 }, true)).toEqual({ level: 'error', text: CAPTCHA_MESSAGES.googleBadKey });
    expect(captchaWarning({ error: null, use: true, balance: 0.99 }, false)).toEqual({ level: 'warning', text: CAPTCHA_MESSAGES.low });
    expect(captchaWarning({ error: null, use: true, balance: 0.5 }, true)).toEqual({ level: 'warning', text: CAPTCHA_MESSAGES.googleLow });
    expect(captchaWarning({ error: null, use: true, balance: 1 }, false)).toBeNull();
  });
});
