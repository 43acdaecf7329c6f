/**
 * Answers are written by a serializer compiled from each route's zod schema (issue 10.1,
 * platform/http/compiled-serializer.ts). Here, for every route's documented 200/201 example and
 * for values made from it at random (other strings with quotes, escapes and emoji, other numbers,
 * nulls, keys dropped, unknown keys added, arrays emptied or doubled), whatever zod accepts the
 * compiled serializer writes exactly as zod's own check would (the same JSON value). The API tests
 * run with RESPONSE_CHECK=full, which makes the same comparison on every answer they get.
 * The schemas do not depend on the database, so this runs on SQLite only.
 */
import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isJsonObject } from '../../src/platform/http/openapi-examples';
import { answerSerializerCompiler, compileAnswerSerializer } from '../../src/platform/http/compiled-serializer';
import { useTestServer } from '../support/lifecycle';
import { featureRouteSchemas } from '../support/feature-route-schemas';

const METHODS = ['get', 'post', 'put', 'delete', 'patch'] as const;
const VARIANTS = 40;
const STRINGS = ['', 'plain', 'say "hi"', 'back\\slash', 'line\nbreak\ttab', '\u0000\u001f', 'é ü 😀 中文', '</script>', '\u2028\u2029', 'x'.repeat(300)];
const NUMBERS = [0, 1, -1, 7, 2_147_483_647, 1_700_000_000_000, 0.5, -3.25];

/** The documented 200/201 examples, by "METHOD /path" and status code. */
function documentedAnswers(document: Record<string, unknown>): { route: string; code: string; example: unknown }[] {
  const found: { route: string; code: string; example: unknown }[] = [];
  const paths = isJsonObject(document.paths) ? document.paths : {};
  for (const [path, item] of Object.entries(paths)) {
    if (!isJsonObject(item)) continue;
    for (const method of METHODS) {
      const operation = item[method];
      if (!isJsonObject(operation) || !isJsonObject(operation.responses)) continue;
      for (const code of ['200', '201']) {
        const answer = operation.responses[code];
        const content = isJsonObject(answer) && isJsonObject(answer.content) ? answer.content : undefined;
        const media = content ? (content['application/json'] ?? Object.values(content)[0]) : undefined;
        if (isJsonObject(media) && media.example !== undefined) found.push({ route: `${method.toUpperCase()} ${path}`, code, example: media.example });
      }
    }
  }
  return found;
}

/** A small deterministic random source (the same variants every run). */
function randomSource(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

function mutate(value: unknown, random: () => number): unknown {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const change = random() < 0.3;
  if (typeof value === 'string') return change ? pick(STRINGS) : value;
  if (typeof value === 'number') return change ? pick(NUMBERS) : value;
  if (typeof value === 'boolean') return change ? !value : value;
  if (value === null) return change ? pick(['text', 1, true]) : null;
  if (Array.isArray(value)) {
    const items = value.map((item) => mutate(item, random));
    if (change) return random() < 0.5 ? [] : [...items, ...value.map((item) => mutate(item, random))];
    return items;
  }
  if (isJsonObject(value)) {
    const object: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      if (random() < 0.08) continue;
      object[key] = random() < 0.05 ? null : mutate(item, random);
    }
    if (random() < 0.2) object.notInTheSchema = pick(STRINGS);
    return object;
  }
  return value;
}

describe('answers written by the serializer compiled from their zod schema', () => {
  const ctx = useTestServer('sqlite', false);

  it('writes every documented example and values made from it as zod would', async () => {
    const document = (await ctx.server.app.inject({ method: 'GET', url: '/docs/json' })).json<Record<string, unknown>>();
    const schemas = await featureRouteSchemas(ctx.server, answerSerializerCompiler('full'));
    const disagreements: string[] = [];
    const notCompiled: string[] = [];
    let examples = 0;
    let accepted = 0;
    for (const { route, code, example } of documentedAnswers(document)) {
      const registered = schemas.get(route);
      const schema = registered && isJsonObject(registered.response) ? registered.response[code] : undefined;
      if (!(schema instanceof z.ZodType)) continue;
      const compiled = compileAnswerSerializer(schema);
      if (!compiled) {
        notCompiled.push(`${route} ${code}`);
        continue;
      }
      examples += 1;
      const random = randomSource(examples);
      for (let variant = 0; variant <= VARIANTS; variant += 1) {
        const value = variant === 0 ? example : mutate(example, random);
        const byZod = z.safeEncode(schema, value);
        if (!byZod.success) {
          if (variant === 0) disagreements.push(`${route} ${code}: zod refuses the documented example`);
          continue;
        }
        accepted += 1;
        let written: unknown;
        try {
          written = JSON.parse(compiled(value));
        } catch (error) {
          disagreements.push(`${route} ${code}: ${String(error)} for ${JSON.stringify(value).slice(0, 300)}`);
          continue;
        }
        const expected = JSON.parse(JSON.stringify(byZod.data)) as unknown;
        if (!isDeepStrictEqual(written, expected)) disagreements.push(`${route} ${code}: ${JSON.stringify(written).slice(0, 300)} ≠ ${JSON.stringify(expected).slice(0, 300)}`);
      }
    }
    expect(disagreements).toEqual([]);
    expect(notCompiled).toEqual([]);
    expect(examples).toBeGreaterThan(55);
    // Most random variants leave the example valid somewhere; a few hundred must be compared.
    expect(accepted).toBeGreaterThan(examples * 5);
  });

  it('in full mode fails an answer zod refuses, as before', async () => {
    const schema = z.object({ id: z.number().int(), name: z.string() });
    const serialize = answerSerializerCompiler('full')({ schema, method: 'GET', url: '/x', httpStatus: '200' });
    expect(serialize({ id: 1, name: 'a', extra: true })).toBe('{"id":1,"name":"a"}');
    expect(() => serialize({ id: 1.5, name: 'a' })).toThrow();
    expect(() => serialize({ id: 1 })).toThrow();
  });
});
