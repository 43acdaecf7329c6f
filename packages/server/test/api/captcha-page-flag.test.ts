import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CAPTCHA_MESSAGES, OPTION_DEFAULTS } from '@linkloom/shared';
import { DATABASES } from '../support/databases';
import { useTestServer } from '../support/lifecycle';
import { useTwoUsers } from '../support/scenario';
import { startTestApp } from '../support/test-app';

/**
 * Spec 3 section 6: "The RemoteOCR provider is hidden when a certain page flag is set". The flag
 * is HIDE_REMOTE_OCR, written into the served index.html (the captcha tabs read it); off, the
 * provider is offered. Hidden or not, RemoteOCR publishes no balance API: its check answers "not
 * supported", never a made-up balance.
 */

// The page as the web build leaves it (packages/web/index.html's meta lines).
const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'll-page-flag-'));
fs.writeFileSync(path.join(webDist, 'index.html'), [
  '<!doctype html><html><head>',
  '<meta name="linkloom-version" content="%LINKLOOM_VERSION%" />',
  '<meta name="linkloom-hide-remote-ocr" content="%LINKLOOM_HIDE_REMOTE_OCR%" />',
  '</head><body></body></html>',
].join('\n'));
afterAll(() => fs.rmSync(webDist, { recursive: true, force: true }));

const flagOf = (html: string) => /<meta name="linkloom-hide-remote-ocr" content="([^"]*)"/.exec(html)?.[1];

describe.each(DATABASES)('the RemoteOCR page flag on $kind', ({ kind, skip }) => {
  const ctx = useTestServer(kind, skip, { env: { WEB_DIST: webDist, HIDE_REMOTE_OCR: 'true' } });
  const { ann } = useTwoUsers(ctx, skip);

  it.skipIf(skip)('HIDE_REMOTE_OCR=true writes the flag into the page; unset, the page says false', async () => {
    const page = await ctx.server.app.inject({ method: 'GET', url: '/' });
    expect(page.statusCode).toBe(200);
    expect(flagOf(page.body)).toBe('true');
    expect(page.body).not.toContain('%LINKLOOM_');

    const plain = await startTestApp(ctx.handle, { WEB_DIST: webDist });
    try {
      expect(flagOf((await plain.app.inject({ method: 'GET', url: '/index.html' })).body)).toBe('false');
    } finally {
      await plain.close();
    }
  });

  it.skipIf(skip)('RemoteOCR answers "not supported" for its balance, in the Captcha tab and in the campaign page check', async () => {
    const checked = await ann.agent.request('POST', '/action/check_balance/captcha/', {
      body: { provider: 'RemoteOCR', loginInfo: JSON.stringify({ address: 'http://127.0.0.1:9', key: 'ocr-key' }) },
    });
    expect([checked.statusCode, checked.json()]).toEqual([200, { error: { message: CAPTCHA_MESSAGES.notSupported('RemoteOCR') } }]);

    // A user who chose it before the flag was set keeps the choice; the page check says it has no balance API.
    const saved = await ann.agent.request('POST', '/rest/options', {
      body: { autoSolveCaptcha: true, primaryCaptchaService: 'RemoteOCR', captchaPrimary: { ...OPTION_DEFAULTS.captchaPrimary, RemoteOCR: { address: 'http://127.0.0.1:9', key: 'ocr-key' } } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await ann.agent.request('GET', '/action/check_balance/primary_captcha')).json())
      .toEqual({ error: CAPTCHA_MESSAGES.notSupported('RemoteOCR'), useCaptcha: true, balance: null, provider: 'RemoteOCR' });
  });
});
