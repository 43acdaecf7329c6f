import { isDeepStrictEqual } from 'node:util';
import fastJsonStringify from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { ResponseSerializationError } from '@fastify/type-provider-zod';
import { z } from 'zod';

/**
 * How answers are written (RESPONSE_CHECK): `compiled` (production) writes each answer with a
 * serializer compiled from the route's zod schema; `full` (the tests) also runs the zod schema on
 * it, fails the answer as before when zod refuses it, and fails it too when the compiled
 * serializer writes anything else than zod's output would be — so every answer of every API test
 * proves the two agree.
 */
export type ResponseCheck = 'compiled' | 'full';

type Serialize = (data: unknown) => string;

/**
 * The zod schema as JSON Schema for fast-json-stringify, or undefined where JSON Schema cannot
 * say what zod does (transforms, dates, custom checks…): those answers keep zod's own check.
 */
export function answerJsonSchema(schema: z.ZodType): Record<string, unknown> | undefined {
  try {
    return simplify(z.toJSONSchema(schema, { target: 'draft-7', io: 'output', unrepresentable: 'throw', cycles: 'throw', reused: 'inline' })) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

/**
 * Keywords that only judge a value's content, never how it is written. zod judges them (every
 * request, and every answer in `full`); fast-json-stringify's validator, which picks the branch
 * of an anyOf, judges them its own way and would refuse, when answering, a value zod accepted
 * when it was saved (then every read of it is a 500): `format: uri` is RFC 3986 where z.url() is
 * the WHATWG parser (`http://host/a b`), `pattern` loses the regex's flags, lengths count code
 * points where zod counts UTF-16 units, and zod's own formats (starts_with…) are unknown to it.
 */
const CONTENT_ONLY_KEYWORDS = new Set([
  'format', 'pattern', 'minLength', 'maxLength', 'propertyNames',
  'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf', 'minItems', 'maxItems', 'uniqueItems',
]);
const PRIMITIVES = new Set(['string', 'number', 'integer', 'boolean', 'null']);
/** Keywords whose value is a map of name → schema. */
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', 'definitions', '$defs', 'dependentSchemas']);
/** Keywords whose value is a schema, or a list of schemas. */
const SCHEMA_VALUES = new Set(['items', 'prefixItems', 'additionalProperties', 'additionalItems', 'anyOf', 'oneOf', 'allOf', 'not', 'if', 'then', 'else', 'contains']);

/**
 * `additionalProperties: false` is dropped (zod strips unknown keys, fast-json-stringify never
 * writes them), and so are the content-only keywords (CONTENT_ONLY_KEYWORDS): the serializer
 * writes, zod decides what is valid, so one schema decides both what a route takes and what it
 * answers. `anyOf` of bare primitive types (zod's `nullable()`: `{anyOf: [{type: 'string'}, {type: 'null'}]}`)
 * becomes one `type` list, which fast-json-stringify writes directly instead of trying each branch
 * against a validator. Everything else is kept as it is.
 */
function simplify(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(simplify);
  if (typeof schema !== 'object' || schema === null) return schema;
  const object: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(schema)) {
    // fast-json-stringify writes only the properties it knows anyway; as a validator (choosing
    // an anyOf branch) `false` would refuse an answer zod accepts by dropping the extra keys.
    if (key === 'additionalProperties' && item === false) continue;
    if (CONTENT_ONLY_KEYWORDS.has(key)) continue;
    if (SCHEMA_MAPS.has(key) && typeof item === 'object' && item !== null) {
      object[key] = Object.fromEntries(Object.entries(item).map(([name, property]) => [name, simplify(property)]));
    } else {
      // Other keywords hold data (const, enum, default, examples…): kept as they are.
      object[key] = SCHEMA_VALUES.has(key) ? simplify(item) : item;
    }
  }
  const anyOf = object.anyOf;
  if (Array.isArray(anyOf) && Object.keys(object).length === 1 && anyOf.every(isBarePrimitive)) {
    return { type: anyOf.map((branch: { type: string }) => branch.type) };
  }
  return object;
}

function isBarePrimitive(value: unknown): value is { type: string } {
  if (typeof value !== 'object' || value === null) return false;
  const keys = Object.keys(value);
  const type = (value as { type?: unknown }).type;
  return keys.length === 1 && typeof type === 'string' && PRIMITIVES.has(type);
}

/** A serializer compiled from the zod schema, or undefined (answerJsonSchema). */
export function compileAnswerSerializer(schema: z.ZodType): Serialize | undefined {
  const json = answerJsonSchema(schema);
  if (!json) return undefined;
  try {
    const serialize = fastJsonStringify(json);
    return (data) => serialize(data);
  } catch {
    return undefined;
  }
}

/** What zod's check writes: the schema's encoded output as JSON, or the route's serialization error. */
function zodSerialize(schema: z.ZodType, method: string, url: string): Serialize {
  return (data) => {
    const result = z.safeEncode(schema, data);
    if (!result.success) throw new ResponseSerializationError(method, url, { cause: result.error });
    return JSON.stringify(result.data);
  };
}

/**
 * The compiled serializer's JSON, or zod's when there is none or when it cannot write the value
 * (it refuses only where its JSON Schema says less than zod does): zod, the schema the request was
 * checked with, then decides, so a value a route took is never a 500 when it is read back.
 */
function writeCompiled(compiled: Serialize | null, byZod: Serialize, data: unknown): string {
  if (!compiled) return byZod(data);
  try {
    return compiled(data);
  } catch {
    return byZod(data);
  }
}

/**
 * Fastify's serializer compiler for response schemas: a zod schema is compiled once per route and
 * status (fast-json-stringify); with `full` every answer is also checked by zod and compared.
 */
export function answerSerializerCompiler(check: ResponseCheck): FastifySerializerCompiler<unknown> {
  return ({ schema, method, url }) => {
    if (!(schema instanceof z.ZodType)) return (data: unknown) => JSON.stringify(data);
    const byZod = zodSerialize(schema, method, url);
    // Compiled at the route's first answer, not at start: a server starts faster, and keeps no
    // serializer (nor fast-json-stringify's validator for anyOf) for the calls nobody makes.
    let compiled: Serialize | null | undefined;
    const serializer = (): Serialize | null => {
      if (compiled === undefined) compiled = compileAnswerSerializer(schema) ?? null;
      return compiled;
    };
    if (check === 'compiled') return (data: unknown) => writeCompiled(serializer(), byZod, data);
    return (data: unknown) => {
      const expected = byZod(data);
      const ready = serializer();
      if (!ready) return expected;
      const written = ready(data);
      if (!isDeepStrictEqual(JSON.parse(written), JSON.parse(expected))) {
        throw new Error(`${method} ${url}: the compiled serializer wrote ${written.slice(0, 500)}, zod ${expected.slice(0, 500)}`);
      }
      return written;
    };
  };
}
