import { describe, expect, it } from 'vitest';
import { CAPTCHA_MESSAGES, OPTION_DEFAULTS, OptionsResponseSchema } from '@linkloom/shared';
import { DATABASES } from '../support/databases';
import { useTestServer } from '../support/lifecycle';
import { useTwoUsers } from '../support/scenario';
import { runCli } from '../support/server-process';
import { readEngineOptions } from '../../src/features/options/options.repository';

describe.each(DATABASES)('options: captcha, article sources, spinners and privileged users on $kind', ({ kind, skip }) => {
  const ctx = useTestServer(kind, skip, { withLive: false });
  const { ann, bob } = useTwoUsers(ctx, skip);
  const db = () => ctx.server.database.db;

  async function saved(agent = ann.agent) {
    const response = await agent.request('GET', '/rest/options');
    expect(response.statusCode).toBe(200);
    return OptionsResponseSchema.parse(response.json()).options;
  }

  it.skipIf(skip)('saves the whole options object of the spec, credentials sealed in the database and in clear on the screen', async () => {
    const whole = {
      ...OPTION_DEFAULTS,
      autoSolveCaptcha: true, primaryCaptchaService: 'TwoCaptcha' as const,
      captchaPrimary: { ...OPTION_DEFAULTS.captchaPrimary, TwoCaptcha: { captchaKey: 'two-captcha-key-1' } },
      useSecondaryCaptchaService: true, secondaryCaptchaService: 'DeathByCaptcha' as const,
      captchaSecondary: { ...OPTION_DEFAULTS.captchaSecondary, DeathByCaptcha: { username: 'dbc-user', password: 'dbc-secret-pw' } },
      useGoogleNoCaptcha: true, googleNoCaptchaService: 'RemoteOCR' as const,
      googleCaptchaPrimary: { ...OPTION_DEFAULTS.googleCaptchaPrimary, RemoteOCR: { address: 'http://127.0.0.1:9', key: 'ocr-key-9' } },
      articleSources: { ...OPTION_DEFAULTS.articleSources, articleForge: { apiKey: 'forge-key-7' } },
      spinners: { ...OPTION_DEFAULTS.spinners, wordAi: { ...OPTION_DEFAULTS.spinners.wordAi, email: 'w@x.test', password: 'wordai-key-3', quality: 4 } },
      proxyJudgeUrl: 'http://127.0.0.1:18555/judge',
    };
    const response = await ann.agent.request('POST', '/rest/options', { body: whole });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().options).toEqual(whole);
    expect(await saved()).toEqual(whole);
    expect(await saved(bob.agent)).toEqual(OPTION_DEFAULTS);
    expect(await readEngineOptions(db(), ann.id)).toMatchObject({ captchaPrimary: { TwoCaptcha: { captchaKey: 'two-captcha-key-1' } } });

    const row = await db().selectFrom('user_options').select('options').where('owner_id', '=', ann.id).executeTakeFirstOrThrow();
    for (const secret of ['two-captcha-key-1', 'dbc-secret-pw', 'ocr-key-9', 'forge-key-7', 'wordai-key-3']) expect(row.options).not.toContain(secret);
    expect(JSON.parse(row.options)).toMatchObject({ autoSolveCaptcha: true, spinners: { wordAi: { quality: 4 } } });
  });

  it.skipIf(skip)('needs the credentials of the provider a ticked switch chooses, judged on the options as they would be saved', async () => {
    const refuse = async (body: Record<string, unknown>, message: string) => {
      const response = await bob.agent.request('POST', '/rest/options', { body });
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(response.json().error.message).toBe(message);
    };
    await refuse({ autoSolveCaptcha: true }, CAPTCHA_MESSAGES.captchaKey);
    await refuse({ autoSolveCaptcha: true, primaryCaptchaService: 'ImageTypers' }, CAPTCHA_MESSAGES.username);
    await refuse({ useGoogleNoCaptcha: true, googleNoCaptchaService: 'RemoteOCR' }, CAPTCHA_MESSAGES.address);
    await refuse({ primaryCaptchaService: 'Nobody' }, CAPTCHA_MESSAGES.provider);
    await refuse({ captchaPrimary: { TwoCaptcha: { captchaKey: 5 } } }, CAPTCHA_MESSAGES.notText);
    await refuse({ articleSources: { articleBuilder: { articleCount: 0 } } }, 'Must be a number larger or equal to 1');
    await refuse({ spinners: { unknownSpinner: {} } }, 'Unknown setting: unknownSpinner');
    // A switch that is off needs nothing; saved credentials count when the switch is ticked later.
    expect((await bob.agent.request('POST', '/rest/options', { body: { captchaPrimary: { ZeroCaptcha: { captchaKey: 'zero' } } } })).statusCode).toBe(200);
    expect((await bob.agent.request('POST', '/rest/options', { body: { autoSolveCaptcha: true } })).statusCode).toBe(200);
    await refuse({ useSecondaryCaptchaService: true }, CAPTCHA_MESSAGES.captchaKey);
    expect((await saved(bob.agent)).useSecondaryCaptchaService).toBe(false);
  });

  it.skipIf(skip)('user:privileged NAME on|off gives and takes the higher limits, checked on the server', async () => {
    const body = { maxConcurrentProjects: 100, maxPostingThreads: 150, maxBrowserThreads: 40 };
    expect((await ann.agent.request('POST', '/rest/options', { body })).json().error.message).toBe('Must be between 1 and 20');
    const on = await runCli(['user:privileged', ann.username, 'on'], '', ctx.handle.env);
    expect([on.code, on.stderr]).toEqual([0, '']);
    expect(on.stdout).toBe(`User ${ann.username} (id ${ann.id}) is now privileged (higher limits)\n`);
    expect((await ann.agent.request('POST', '/rest/options', { body })).statusCode).toBe(200);
    expect((await ann.agent.request('POST', '/rest/options', { body: { maxBrowserThreads: 41 } })).json().error.message).toBe('Must be between 1 and 40');
    expect((await bob.agent.request('POST', '/rest/options', { body })).statusCode).toBe(422);

    const off = await runCli(['user:privileged', ann.username, 'off'], '', ctx.handle.env);
    expect([off.code, off.stdout]).toEqual([0, `User ${ann.username} (id ${ann.id}) is no longer privileged\n`]);
    expect(await saved()).toMatchObject({ maxConcurrentProjects: 5, maxPostingThreads: 10, maxBrowserThreads: 5 });
    const nobody = await runCli(['user:privileged', 'nobody@example.test', 'on'], '', ctx.handle.env);
    expect([nobody.code, nobody.stderr]).toEqual([1, 'No user named nobody@example.test\n']);
    const bad = await runCli(['user:privileged', ann.username, 'maybe'], '', ctx.handle.env);
    expect(bad.code).toBe(1);
    // Four CLI processes, each loading the server's sources through tsx: several seconds each on a busy machine.
  }, 120_000);
});
