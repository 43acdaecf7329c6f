/**
 * What POST /rest/options takes, GET /rest/options answers (issue 33 item 6): one schema decides
 * both. Every option field, enumerated from the shared schema, is tried with edge values (spaces,
 * quotes, markup, unicode, URLs with spaces, each limit and one past it, wrong types): the save
 * answers 200 and every later read gives back exactly what was stored, or answers 422 naming the
 * option and stores nothing. A stored value that no longer passes its rule (written straight into
 * the database) reads as its default and never makes the screen's GET fail.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  OPTION_DEFAULTS, OptionsResponseSchema, optionsProblems, optionsSchemaFor, optionsUpdateSchemaFor, type Options,
} from '@linkloom/shared';
import { DATABASES } from '../support/databases';
import { useTestServer } from '../support/lifecycle';
import { useTwoUsers } from '../support/scenario';
import { edgeValues, type EdgeCase } from '../support/edge-values';
import type { Agent } from '../support/agent';
import { ensureUserOptions, readEngineOptions } from '../../src/features/options/options.repository';

const OPTION_FIELDS = Object.keys(optionsSchemaFor(false).shape) as (keyof Options)[];

/** Every option's edge cases, each a body of that one option. */
function edgeCasesOf(field: keyof Options): EdgeCase[] {
  const schema = z.toJSONSchema(optionsSchemaFor(false).shape[field], { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  return edgeValues(schema, OPTION_DEFAULTS[field], field);
}

describe.each(DATABASES)('options round trip on $kind', ({ kind, skip }) => {
  const ctx = useTestServer(kind, skip);
  const { ann, bob } = useTwoUsers(ctx, skip);
  const db = () => ctx.server.database.db;

  async function readOptions(agent: Agent): Promise<Options> {
    const response = await agent.request('GET', '/rest/options');
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    return OptionsResponseSchema.parse(response.json()).options;
  }

  it.skipIf(skip)('every option field, with edge values: stored and read back as saved, or refused naming the option with nothing stored', async () => {
    let saved = 0;
    let refused = 0;
    const wrong: string[] = [];
    let before = await readOptions(ann.agent);
    for (const field of OPTION_FIELDS) {
      for (const edge of edgeCasesOf(field)) {
        const response = await ann.agent.request('POST', '/rest/options', { body: { [field]: edge.value } });
        const after = await readOptions(ann.agent);
        const rule = optionsUpdateSchemaFor(false).safeParse({ [field]: edge.value });
        if (response.statusCode === 200) {
          saved += 1;
          const answered = (response.json() as { options: Options }).options;
          // What the save answered, what a later read gives and what the shared rule makes of the value agree.
          if (!rule.success) wrong.push(`${edge.label}: saved though the shared rule refuses it`);
          else if (JSON.stringify(answered[field]) !== JSON.stringify(rule.data[field])) wrong.push(`${edge.label}: answered ${JSON.stringify(answered[field]).slice(0, 80)}`);
          if (JSON.stringify(after) !== JSON.stringify(answered)) wrong.push(`${edge.label}: read back differently from what the save answered`);
          if (JSON.stringify({ ...after, [field]: before[field] }) !== JSON.stringify(before)) wrong.push(`${edge.label}: another option changed`);
        } else if (response.statusCode === 422) {
          refused += 1;
          const details = (response.json() as { error: { details?: string[] } }).error.details ?? [];
          // Refused by the option's own rule, it is named; a value its rule takes is refused only
          // by a rule across options (a ticked captcha switch), which names the missing credential.
          const named = rule.success
            ? optionsProblems({ ...before, [field]: rule.data[field] }).map((problem) => `${problem.path.join('.')}: ${problem.message}`)
            : details.filter((line) => line.startsWith(`${field}`));
          if (named.length === 0 || JSON.stringify(details) !== JSON.stringify(rule.success ? named : details)) {
            wrong.push(`${edge.label}: refused without naming the option (${details.join(' | ').slice(0, 160)})`);
          }
          if (JSON.stringify(after) !== JSON.stringify(before)) wrong.push(`${edge.label}: refused but something was stored`);
        } else {
          wrong.push(`${edge.label}: answered ${response.statusCode} ${response.body.slice(0, 120)}`);
        }
        before = after;
      }
    }
    expect(wrong).toEqual([]);
    // Both outcomes happen for a good share of the cases (the edge values are not all refused).
    expect(saved).toBeGreaterThan(200);
    expect(refused).toBeGreaterThan(200);
    // The engine reads what the screen reads.
    const engine = await readEngineOptions(db(), ann.id);
    expect(Object.fromEntries(OPTION_FIELDS.map((field) => [field, engine[field]]))).toEqual(await readOptions(ann.agent));
  }, 300_000);

  it.skipIf(skip)('the proxy judge URL with a space (issue 33) is saved and read back as typed', async () => {
    const response = await bob.agent.request('POST', '/rest/options', { body: { proxyJudgeUrl: 'http://127.0.0.1:9/a b' } });
    expect(response.statusCode).toBe(200);
    expect((await readOptions(bob.agent)).proxyJudgeUrl).toBe('http://127.0.0.1:9/a b');
  });

  it.skipIf(skip)('a stored value that no longer passes its rule reads as its default; the others are kept; a save writes the defaults over them', async () => {
    // One stored value each option's rule refuses (the first refused edge case), written straight into the row.
    const broken: Record<string, unknown> = {};
    for (const field of OPTION_FIELDS) {
      const refusedCase = edgeCasesOf(field).find((edge) => !optionsSchemaFor(false).shape[field].safeParse(edge.value).success);
      if (refusedCase) broken[field] = refusedCase.value;
    }
    expect(Object.keys(broken).sort()).toEqual([...OPTION_FIELDS].sort());
    await ensureUserOptions(db(), bob.id);
    const write = (options: string) => db().updateTable('user_options').set({ options }).where('owner_id', '=', bob.id).execute();

    await write(JSON.stringify(broken));
    expect(await readOptions(bob.agent)).toEqual(OPTION_DEFAULTS);
    expect(await readEngineOptions(db(), bob.id)).toMatchObject(OPTION_DEFAULTS);

    // A mix: broken values next to good ones (the good ones are kept), an option this version does
    // not know, and a URL the rule takes that stricter URL checks refuse.
    await write(JSON.stringify({ ...broken, maxPostingThreads: 7, youtubeApiKey: '<key "quoted">', proxyJudgeUrl: 'http://127.0.0.1:9/a b', retiredOption: 1 }));
    const mixed = await readOptions(bob.agent);
    expect(mixed).toEqual({ ...OPTION_DEFAULTS, maxPostingThreads: 7, youtubeApiKey: '<key "quoted">', proxyJudgeUrl: 'http://127.0.0.1:9/a b' });

    // Saving one option keeps the good values and puts the defaults where the broken ones were.
    const save = await bob.agent.request('POST', '/rest/options', { body: { waitTimeOut: 45 } });
    expect(save.statusCode).toBe(200);
    expect(await readOptions(bob.agent)).toEqual({ ...mixed, waitTimeOut: 45 });

    // A row that is not JSON at all, or not an object, reads as the defaults.
    for (const text of ['not json', '[1,2]', 'null', '"text"']) {
      await write(text);
      expect(await readOptions(bob.agent)).toEqual(OPTION_DEFAULTS);
    }
  });
});
