/**
 * POST /rest/options from a client of the original product (issue 38, round 2): the original's
 * option keys LinkLoom has not (its captcha credential groups among them) are accepted, ignored
 * and listed in the answer's `ignored`; a key that is neither ours nor the original's is still
 * refused, and so is a known option of the wrong type, naming it; nothing is saved then.
 */
import { describe, expect, it } from 'vitest';
import { OPTION_DEFAULTS, OptionsResponseSchema, SaveOptionsResponseSchema } from '@linkloom/shared';
import { DATABASES } from '../support/databases';
import { useTestServer } from '../support/lifecycle';
import { useTwoUsers } from '../support/scenario';
import type { Agent } from '../support/agent';

describe.each(DATABASES)("POST /rest/options with the original's keys on $kind", ({ kind, skip }) => {
  const ctx = useTestServer(kind, skip);
  const { ann, bob } = useTwoUsers(ctx, skip);
  const db = () => ctx.server.database.db;

  const options = async (agent: Agent) => OptionsResponseSchema.parse((await agent.request('GET', '/rest/options')).json()).options;
  const storedText = async (ownerId: number) => (await db().selectFrom('user_options').select('options').where('owner_id', '=', ownerId).executeTakeFirst())?.options ?? '';

  it.skipIf(skip)("saves the options it knows and ignores the original's captcha groups, listing them", async () => {
    const body = {
      maxPostingThreads: 7,
      primaryZeroCaptchaInfo: { captchaKey: 'zero-key-original-1' },
      googleNoCaptchaZeroCaptchaInfo: { captchaKey: 'zero-key-original-2' },
      secondaryDeathByCaptchaInfo: { username: 'u', password: 'p' },
      googleNoCaptchaDBCInfo: { username: 'u', password: 'p' },
      autoSolveCaptcha: false,
    };
    const saved = await ann.agent.request('POST', '/rest/options', { body });
    expect(saved.statusCode, saved.body).toBe(200);
    const answer = SaveOptionsResponseSchema.parse(saved.json());
    expect(answer.ignored).toEqual(['primaryZeroCaptchaInfo', 'googleNoCaptchaZeroCaptchaInfo', 'secondaryDeathByCaptchaInfo', 'googleNoCaptchaDBCInfo']);
    expect(answer.options).toEqual({ ...OPTION_DEFAULTS, maxPostingThreads: 7, autoSolveCaptcha: false });
    expect(await options(ann.agent)).toEqual(answer.options);
    // Ignored means not kept anywhere: the original's keys and their credentials are not stored.
    const stored = await storedText(ann.id);
    expect(stored).not.toContain('primaryZeroCaptchaInfo');
    expect(stored).not.toContain('zero-key-original');
    expect(await options(bob.agent)).toEqual(OPTION_DEFAULTS);

    // Only the original's keys: nothing to save, still 200 with them listed.
    const only = await ann.agent.request('POST', '/rest/options', { body: { primaryTwoCaptchaInfo: { captchaKey: 'k' }, articleForge: { apiKey: 'k' } } });
    expect(only.statusCode, only.body).toBe(200);
    expect(only.json()).toEqual({ options: answer.options, ignored: ['primaryTwoCaptchaInfo', 'articleForge'] });
    // Without any, the answer is as before: no `ignored` key.
    const plain = await ann.agent.request('POST', '/rest/options', { body: { maxPostingThreads: 8 } });
    expect(plain.json()).toEqual({ options: { ...answer.options, maxPostingThreads: 8 } });
  });

  it.skipIf(skip)("still refuses keys that are neither LinkLoom's nor the original's, and wrong types of known ones, naming them", async () => {
    const before = await options(ann.agent);
    const unknown = await ann.agent.request('POST', '/rest/options', { body: { primaryZeroCaptchaInfo: { captchaKey: 'k' }, colour: 'red' } });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toEqual({ error: { message: 'Unknown option: colour', details: ['Unknown option: colour'] } });
    const wrongType = await ann.agent.request('POST', '/rest/options', { body: { googleNoCaptchaZeroCaptchaInfo: { captchaKey: 'k' }, maxPostingThreads: 'many', automaticSignIn: 'yes' } });
    expect(wrongType.statusCode).toBe(422);
    expect(wrongType.json().error.details).toEqual(['maxPostingThreads: Must be between 1 and 100', 'automaticSignIn: Must be true or false']);
    // A misspelt original key is not the original's either.
    expect((await ann.agent.request('POST', '/rest/options', { body: { primaryZeroCaptchaInf: {} } })).statusCode).toBe(422);
    expect(await options(ann.agent)).toEqual(before);
  });
});
