/**
 * Edge values for every leaf of a JSON Schema (zod's `toJSONSchema(schema, { io: 'input' })`):
 * texts with spaces, quotes, markup, unicode and URLs with spaces, each length limit and one past
 * it, each number limit and one past it, wrong types, every enum value and one that is not. Each
 * case replaces one leaf of a valid base value, so a case names the one field it tries.
 */

export interface EdgeCase {
  /** The leaf tried (`captchaPrimary.TwoCaptcha.captchaKey`) and what it was given. */
  label: string;
  /** The base value with that one leaf replaced. */
  value: unknown;
}

type JsonSchema = Record<string, unknown>;

/** Texts that break code which quotes, escapes, trims, measures or parses what it stores. */
export const EDGE_TEXTS: readonly string[] = [
  ' padded both sides ',
  'say "hi", it\'s `fine`',
  '<script>alert(1)</script> & <b>bold</b> &amp;',
  'ünïcødé 日本語 😀 \u200b zero-width',
  'line\nbreak\ttab\r\n',
  'back\\slash and \\u0041',
  '\u2028\u2029 separators',
  'http://127.0.0.1:9/a b',
  'https://example.com/päth with space?q=<x>&y="z"#frag',
  'http://example.com/a|b^c{d}',
  'javascript:alert(1)',
];

/** Other types than the leaf's, each of which a strict rule must refuse. */
const WRONG_TYPES: Record<string, unknown[]> = {
  string: [42, null, ['a'], { a: 1 }],
  integer: ['3', null, true, 2.5],
  number: ['3', null, true],
  boolean: ['true', 1, null],
  object: ['text', [], null],
  array: ['text', {}, null],
};

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A text of exactly `length` UTF-16 units that is not only ASCII (a surrogate pair never split). */
function unicodeOfLength(length: number): string {
  const pairs = '😀'.repeat(Math.floor(length / 2));
  return length % 2 === 0 ? pairs : `${pairs}é`;
}

/** A URL of exactly `length` characters with a space in its path (when there is room for one). */
function urlOfLength(length: number): string {
  const start = 'https://example.com/a b';
  return length < start.length ? start.slice(0, length) : `${start}${'x'.repeat(length - start.length)}`;
}

function stringValues(schema: JsonSchema): { label: string; value: unknown }[] {
  const values: { label: string; value: unknown }[] = [{ label: 'empty', value: '' }];
  EDGE_TEXTS.forEach((text, index) => values.push({ label: `text ${index + 1} ${JSON.stringify(text).slice(0, 40)}`, value: text }));
  const max = typeof schema.maxLength === 'number' ? schema.maxLength : undefined;
  const min = typeof schema.minLength === 'number' ? schema.minLength : undefined;
  if (max !== undefined) {
    values.push({ label: `${max} characters (the limit)`, value: 'x'.repeat(max) });
    values.push({ label: `${max} UTF-16 units of emoji (the limit)`, value: unicodeOfLength(max) });
    values.push({ label: `a URL of ${max} characters (the limit)`, value: urlOfLength(max) });
    values.push({ label: `${max + 1} characters (one past the limit)`, value: 'x'.repeat(max + 1) });
  }
  if (min !== undefined && min > 0) values.push({ label: `${min - 1} characters (one under the least)`, value: 'x'.repeat(min - 1) });
  return values;
}

function numberValues(schema: JsonSchema): { label: string; value: unknown }[] {
  const values: { label: string; value: unknown }[] = [];
  if (typeof schema.minimum === 'number') values.push({ label: 'the least', value: schema.minimum }, { label: 'one under the least', value: schema.minimum - 1 });
  if (typeof schema.maximum === 'number') values.push({ label: 'the most', value: schema.maximum }, { label: 'one past the most', value: schema.maximum + 1 });
  values.push({ label: 'a huge number', value: Number.MAX_SAFE_INTEGER }, { label: 'minus one', value: -1 });
  return values;
}

/** Leaf values for one schema node (not yet placed in a base value). */
function leafValues(schema: JsonSchema): { label: string; value: unknown }[] {
  if (Array.isArray(schema.anyOf)) return (schema.anyOf as JsonSchema[]).flatMap(leafValues);
  if (Array.isArray(schema.enum)) return [...schema.enum.map((value) => ({ label: `choice ${String(value)}`, value })), { label: 'not a choice', value: 'NotAChoice' }];
  if ('const' in schema) return [{ label: `the constant ${JSON.stringify(schema.const)}`, value: schema.const }];
  const type = typeof schema.type === 'string' ? schema.type : '';
  const wrong = (WRONG_TYPES[type] ?? []).map((value) => ({ label: `wrong type ${JSON.stringify(value)}`, value }));
  if (type === 'string') return [...stringValues(schema), ...wrong];
  if (type === 'integer' || type === 'number') return [...numberValues(schema), ...wrong];
  if (type === 'boolean') return [{ label: 'true', value: true }, { label: 'false', value: false }, ...wrong];
  return wrong;
}

function unique(cases: EdgeCase[]): EdgeCase[] {
  const seen = new Set<string>();
  return cases.filter((edge) => {
    const key = JSON.stringify(edge.value);
    return seen.has(key) ? false : (seen.add(key), true);
  });
}

/** Of a leaf whose very rule was already tried in full: its limits, one quoted text and one wrong type. */
function representative(values: { label: string; value: unknown }[]): { label: string; value: unknown }[] {
  const firstWrongType = values.find((edge) => edge.label.startsWith('wrong type'));
  const kept = values.filter((edge) => /limit|least|most|choice/.test(edge.label) || edge.value === EDGE_TEXTS[1]);
  return firstWrongType ? [...kept, firstWrongType] : kept;
}

/**
 * Every edge case of `schema` around `base` (a valid value of it), each changing one leaf:
 * objects are walked property by property (plus an unknown key), records get edge keys and edge
 * values, arrays get emptied, filled to their limit and one past it, and their items tried. A
 * leaf with the same rule as one tried before in this walk (`triedRules`: the captcha groups'
 * many credential texts) gets its representative cases only.
 */
export function edgeValues(schema: JsonSchema, base: unknown, path: string, triedRules = new Set<string>()): EdgeCase[] {
  const cases: EdgeCase[] = [];
  const type = schema.type;
  if (type === 'object' && isObject(schema.properties)) {
    const baseObject = isObject(base) ? base : {};
    for (const [name, property] of Object.entries(schema.properties)) {
      for (const edge of edgeValues(property as JsonSchema, baseObject[name], `${path}.${name}`, triedRules)) {
        cases.push({ label: edge.label, value: { ...baseObject, [name]: edge.value } });
      }
    }
    cases.push({ label: `${path}: an unknown key`, value: { ...baseObject, notAnOption: 'x' } });
    cases.push(...(WRONG_TYPES.object ?? []).map((value) => ({ label: `${path}: wrong type ${JSON.stringify(value)}`, value })));
    return unique(cases);
  }
  if (type === 'object' && isObject(schema.additionalProperties)) {
    const names = isObject(schema.propertyNames) ? stringValues(schema.propertyNames) : stringValues({});
    for (const name of names) cases.push({ label: `${path}: key ${name.label}`, value: { [String(name.value)]: 'value' } });
    for (const edge of leafValues(schema.additionalProperties)) cases.push({ label: `${path}.key: ${edge.label}`, value: { key: edge.value } });
    cases.push({ label: `${path}: empty`, value: {} });
    return unique(cases);
  }
  if (type === 'array' && isObject(schema.items)) {
    const baseArray = Array.isArray(base) ? base : [];
    const item = schema.items;
    const valid = baseArray[0] ?? (typeof item.minimum === 'number' ? item.minimum : '');
    cases.push({ label: `${path}: empty`, value: [] });
    for (const edge of leafValues(item)) cases.push({ label: `${path}[0]: ${edge.label}`, value: [edge.value] });
    if (typeof schema.maxItems === 'number') {
      cases.push({ label: `${path}: ${schema.maxItems} items (the limit)`, value: Array.from({ length: schema.maxItems }, () => valid) });
      cases.push({ label: `${path}: ${schema.maxItems + 1} items (one past the limit)`, value: Array.from({ length: schema.maxItems + 1 }, () => valid) });
    }
    cases.push(...(WRONG_TYPES.array ?? []).map((value) => ({ label: `${path}: wrong type ${JSON.stringify(value)}`, value })));
    return unique(cases);
  }
  const rule = JSON.stringify({ ...schema, default: undefined });
  const values = triedRules.has(rule) ? representative(leafValues(schema)) : leafValues(schema);
  triedRules.add(rule);
  return unique(values.map((edge) => ({ label: `${path}: ${edge.label}`, value: edge.value })));
}
