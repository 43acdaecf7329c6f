/**
 * Examples for the API description: one valid value built from each JSON schema the routes'
 * zod schemas turn into, so /docs shows a request and an answer for every call without anyone
 * writing (and then forgetting to update) them by hand. A schema that already carries an example
 * keeps it.
 */

type JsonObject = Record<string, unknown>;

/** A plain JSON object (not an array, not null). */
export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Deepest nesting followed; deeper parts of a (recursive) schema become null. */
const MAX_DEPTH = 12;

const FORMAT_EXAMPLES: Record<string, string> = {
  'date-time': '2030-01-31T10:00:00.000Z',
  date: '2030-01-31',
  time: '10:00:00',
  email: 'ann@example.com',
  uri: 'https://example.com/page',
  url: 'https://example.com/page',
  uuid: '7d444840-9dc0-11d1-b245-5ffdce74fad2',
  hostname: 'example.com',
  ipv4: '192.0.2.10',
};

/** Tried in turn against a pattern the schema demands; the first that matches is the example. */
const PATTERN_CANDIDATES = ['1', '12', 'example', 'https://example.com/page', 'ann@example.com', 'example.com', '2030-01-31', '01/31/2030 10:00', 'a'];

/** A string for a field named like this one, when the schema says nothing more. */
function stringForName(name: string | undefined): string {
  if (name === undefined) return 'example';
  if (/email/i.test(name)) return 'ann@example.com';
  if (/url|link|site/i.test(name)) return 'https://example.com/page';
  if (/domain|host/i.test(name)) return 'example.com';
  if (/password|secret/i.test(name)) return 'Secret-pass-1';
  if (/name|title/i.test(name)) return `Example ${name}`;
  return 'example';
}

function fitLength(text: string, schema: JsonObject): string {
  const min = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const max = typeof schema.maxLength === 'number' ? schema.maxLength : Infinity;
  const long = text.length < min ? text + 'x'.repeat(min - text.length) : text;
  return long.length > max ? long.slice(0, max) : long;
}

function exampleString(schema: JsonObject, name: string | undefined): string {
  if (typeof schema.format === 'string' && FORMAT_EXAMPLES[schema.format] !== undefined) return fitLength(FORMAT_EXAMPLES[schema.format]!, schema);
  if (typeof schema.pattern === 'string') {
    const pattern = new RegExp(schema.pattern, 'u');
    // `^literal.*` (zod's startsWith): the literal, then a plain tail.
    const prefix = /^\^([\w-]+)\.\*\$?$/.exec(schema.pattern)?.[1];
    const candidates = [...(prefix === undefined ? [] : [`${prefix}example`]), stringForName(name), ...PATTERN_CANDIDATES];
    const fitting = candidates.map((candidate) => fitLength(candidate, schema)).find((candidate) => pattern.test(candidate));
    if (fitting !== undefined) return fitting;
  }
  return fitLength(stringForName(name), schema);
}

/** 1 when the bounds allow it (an id, a count), else the lowest (or highest) value they allow. */
function exampleNumber(schema: JsonObject): number {
  const integer = schema.type === 'integer';
  const step = integer ? 1 : 0.5;
  let low = typeof schema.minimum === 'number' ? schema.minimum : -Infinity;
  let high = typeof schema.maximum === 'number' ? schema.maximum : Infinity;
  // OpenAPI 3.0 writes exclusivity as booleans beside minimum/maximum, 3.1 as numbers.
  if (schema.exclusiveMinimum === true) low += step;
  if (typeof schema.exclusiveMinimum === 'number') low = schema.exclusiveMinimum + step;
  if (schema.exclusiveMaximum === true) high -= step;
  if (typeof schema.exclusiveMaximum === 'number') high = schema.exclusiveMaximum - step;
  if (low <= 1 && 1 <= high) return 1;
  return Number.isFinite(low) ? low : high;
}

function exampleObject(schema: JsonObject, depth: number): JsonObject {
  const properties = isJsonObject(schema.properties) ? schema.properties : {};
  const required = Array.isArray(schema.required) ? schema.required.filter((key): key is string => typeof key === 'string') : [];
  const result: JsonObject = {};
  // Required properties only (optional ones may exclude each other); an object with none required
  // shows all of them, so the example is never an empty `{}` that says nothing.
  const keys = required.length > 0 ? required : Object.keys(properties);
  for (const key of keys) result[key] = exampleValue(properties[key], key, depth + 1);
  if (Object.keys(properties).length === 0 && isJsonObject(schema.additionalProperties)) {
    result.key = exampleValue(schema.additionalProperties, 'key', depth + 1);
  }
  return result;
}

function exampleArray(schema: JsonObject, name: string | undefined, depth: number): unknown[] {
  const min = typeof schema.minItems === 'number' ? schema.minItems : 0;
  const max = typeof schema.maxItems === 'number' ? schema.maxItems : Infinity;
  const count = Math.min(Math.max(1, min), max);
  if (Array.isArray(schema.items)) return schema.items.map((item) => exampleValue(item, name, depth + 1));
  const item = exampleValue(schema.items, name, depth + 1);
  // Items that must be unique (ids): 1, 2, 3… rather than the same one repeated.
  return Array.from({ length: count }, (_, index) => (typeof item === 'number' && index > 0 ? item + index : item));
}

/** The first alternative of a union that is not `null` (or null when that is all there is). */
function firstAlternative(options: unknown[]): unknown {
  return options.find((option) => !(isJsonObject(option) && option.type === 'null')) ?? options[0];
}

/**
 * A valid example of a JSON schema (OpenAPI 3.0 or 3.1 flavour): its own example or default, else
 * the first enum value, the first non-null alternative, an object of its required properties, an
 * array of one item (or minItems), a number within bounds, a string that fits its format, pattern
 * and length (chosen by the property's name when nothing else says), `true` for a boolean.
 */
export function exampleValue(schema: unknown, name?: string, depth = 0): unknown {
  if (!isJsonObject(schema) || depth > MAX_DEPTH) return null;
  if (schema.example !== undefined) return schema.example;
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  if (schema.default !== undefined) return schema.default;
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  if (Array.isArray(schema.anyOf)) return exampleValue(firstAlternative(schema.anyOf), name, depth + 1);
  if (Array.isArray(schema.oneOf)) return exampleValue(firstAlternative(schema.oneOf), name, depth + 1);
  if (Array.isArray(schema.allOf)) {
    const parts = schema.allOf.map((part) => exampleValue(part, name, depth + 1));
    return parts.every(isJsonObject) ? Object.assign({}, ...parts) : parts[0];
  }
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object': return exampleObject(schema, depth);
    case 'array': return exampleArray(schema, name, depth);
    case 'string': return exampleString(schema, name);
    case 'integer':
    case 'number': return exampleNumber(schema);
    case 'boolean': return true;
    case 'null': return null;
    default: return isJsonObject(schema.properties) ? exampleObject(schema, depth) : null;
  }
}

/** Gives a media type object (`{schema}` of a body or an answer) an example, unless it has one. */
function exemplify(media: unknown): void {
  if (!isJsonObject(media) || media.example !== undefined || media.examples !== undefined || !isJsonObject(media.schema)) return;
  media.example = exampleValue(media.schema);
}

function contentsOf(holder: unknown): unknown[] {
  return isJsonObject(holder) && isJsonObject(holder.content) ? Object.values(holder.content) : [];
}

/**
 * Adds an example to every operation of an OpenAPI document, in place: each request body, each
 * answer that has a schema, and each parameter (path, query).
 */
export function addOperationExamples(document: unknown): void {
  if (!isJsonObject(document) || !isJsonObject(document.paths)) return;
  for (const pathItem of Object.values(document.paths)) {
    if (!isJsonObject(pathItem)) continue;
    for (const operation of Object.values(pathItem)) {
      if (!isJsonObject(operation)) continue;
      for (const media of contentsOf(operation.requestBody)) exemplify(media);
      if (isJsonObject(operation.responses)) for (const answer of Object.values(operation.responses)) for (const media of contentsOf(answer)) exemplify(media);
      if (Array.isArray(operation.parameters)) {
        for (const parameter of operation.parameters) {
          if (isJsonObject(parameter) && parameter.example === undefined && isJsonObject(parameter.schema)) {
            parameter.example = exampleValue(parameter.schema, typeof parameter.name === 'string' ? parameter.name : undefined);
          }
        }
      }
    }
  }
}
