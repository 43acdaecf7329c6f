import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAPTCHA_MESSAGES, OPTION_DEFAULTS } from '@linkloom/shared';
import { DATABASES } from '../support/databases';
import { useTestServer } from '../support/lifecycle';
import { useTwoUsers } from '../support/scenario';
import { startCaptchaStandIn, type CaptchaStandIn } from '../support/captcha-stand-in';

let standIn: CaptchaStandIn;
beforeAll(async () => {
  standIn = await startCaptchaStandIn();
  process.env.CAPTCHA_BASE_URL_OVERRIDE = standIn.url;
  process.env.CAPTCHA_TIMEOUT_MS = '800';
});
afterAll(async () => {
  delete process.env.CAPTCHA_BASE_URL_OVERRIDE;
  await standIn.close();
});

describe.each(DATABASES)('captcha balance checks against the providers\' stand-in on $kind', ({ kind, skip }) => {
  const ctx = useTestServer(kind, skip);
  const { ann, bob } = useTwoUsers(ctx, skip);

  async function balance(provider: string, loginInfo: Record<string, string>) {
    const response = await ann.agent.request('POST', '/action/check_balance/captcha/', { body: { provider, loginInfo: JSON.stringify(loginInfo) } });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { balance?: number; error?: { message: string } };
  }

  it.skipIf(skip)('answers each documented provider: balance, low balance, -1 for a refused key, a timeout', async () => {
    for (const provider of ['TwoCaptcha', 'AntiCaptcha']) {
      expect(await balance(provider, { captchaKey: 'good' })).toEqual({ balance: 12.3456 });
      expect(await balance(provider, { captchaKey: 'low' })).toEqual({ balance: 0.42 });
      expect(await balance(provider, { captchaKey: 'wrong' })).toEqual({ balance: -1 });
      expect(await balance(provider, { captchaKey: 'slow' })).toEqual({ error: { message: `${provider} did not answer within 0.8 s` } });
      expect(await balance(provider, { captchaKey: ' ' })).toEqual({ error: { message: CAPTCHA_MESSAGES.captchaKey } });
    }
    // DeathByCaptcha answers US cents.
    expect(await balance('DeathByCaptcha', { username: 'good', password: 'pw' })).toEqual({ balance: 12.51 });
    expect(await balance('DeathByCaptcha', { username: 'low', password: 'pw' })).toEqual({ balance: 0.42 });
    expect(await balance('DeathByCaptcha', { username: 'good', password: 'nope' })).toEqual({ balance: -1 });
    expect(await balance('DeathByCaptcha', { username: 'good' })).toEqual({ error: { message: CAPTCHA_MESSAGES.password } });
    expect(await balance('ImageTypers', { username: 'good', password: 'pw' })).toEqual({ balance: 8.8495 });
    expect(await balance('ImageTypers', { username: 'low', password: 'pw' })).toEqual({ balance: 0.5 });
    expect(await balance('ImageTypers', { username: 'x', password: 'y' })).toEqual({ balance: -1 });
    expect(await balance('ImageTypers', { username: 'slow', password: 'pw' })).toEqual({ error: { message: 'ImageTypers did not answer within 0.8 s' } });
    // No published balance API: said so, never a made-up balance.
    for (const provider of ['ZeroCaptcha', 'RemoteOCR', 'Decaptcher']) {
      expect(await balance(provider, { captchaKey: 'good', address: 'x', key: 'y' })).toEqual({ error: { message: CAPTCHA_MESSAGES.notSupported(provider) } });
    }
    const refused = await ann.agent.request('POST', '/action/check_balance/captcha/', { body: { provider: 'Nobody', loginInfo: '{}' } });
    expect(refused.statusCode).toBe(422);
  });

  it.skipIf(skip)("the campaign page's checks read the saved primary providers, only when their switch is on", async () => {
    expect((await ann.agent.request('GET', '/action/check_balance/primary_captcha')).json()).toEqual({ error: null, useCaptcha: false, balance: null, provider: 'ZeroCaptcha' });
    expect((await ann.agent.request('GET', '/action/check_balance/primary_google_captcha')).json()).toEqual({ error: null, useGoogleCaptcha: false, balance: null, provider: 'ZeroCaptcha' });
    const saved = await ann.agent.request('POST', '/rest/options', {
      body: {
        autoSolveCaptcha: true, primaryCaptchaService: 'AntiCaptcha', captchaPrimary: { ...OPTION_DEFAULTS.captchaPrimary, AntiCaptcha: { captchaKey: 'low' } },
        useGoogleNoCaptcha: true, googleNoCaptchaService: 'DeathByCaptcha',
        googleCaptchaPrimary: { ...OPTION_DEFAULTS.googleCaptchaPrimary, DeathByCaptcha: { username: 'good', password: 'bad' } },
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await ann.agent.request('GET', '/action/check_balance/primary_captcha')).json()).toEqual({ error: null, useCaptcha: true, balance: 0.42, provider: 'AntiCaptcha' });
    expect((await ann.agent.request('GET', '/action/check_balance/primary_google_captcha')).json()).toEqual({ error: null, useGoogleCaptcha: true, balance: -1, provider: 'DeathByCaptcha' });
    expect((await ann.agent.request('POST', '/rest/options', { body: { primaryCaptchaService: 'ZeroCaptcha', captchaPrimary: { ...OPTION_DEFAULTS.captchaPrimary, ZeroCaptcha: { captchaKey: 'z' } } } })).statusCode).toBe(200);
    expect((await ann.agent.request('GET', '/action/check_balance/primary_captcha')).json())
      .toEqual({ error: CAPTCHA_MESSAGES.notSupported('ZeroCaptcha'), useCaptcha: true, balance: null, provider: 'ZeroCaptcha' });
    // Bob's options are his own.
    expect((await bob.agent.request('GET', '/action/check_balance/primary_captcha')).json()).toEqual({ error: null, useCaptcha: false, balance: null, provider: 'ZeroCaptcha' });
  });
});
