import { isSealed, type SecretBox } from './secret-box';

/** A place in a JSON object: property names from the top, `*` for every property of an object. */
export type SecretPath = readonly string[];

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function sealAt(value: unknown, path: SecretPath, sealString: (plain: string) => string): unknown {
  if (path.length === 0) return typeof value === 'string' ? sealString(value) : value;
  if (!isObject(value)) return value;
  const [head, ...rest] = path as [string, ...string[]];
  const keys = head === '*' ? Object.keys(value) : Object.hasOwn(value, head) ? [head] : [];
  if (keys.length === 0) return value;
  const copy = { ...value };
  for (const key of keys) copy[key] = sealAt(value[key], rest, sealString);
  return copy;
}

/** Every sealed string anywhere in the value opened (arrays and objects walked, the rest kept). */
function openAll(box: SecretBox, value: unknown): unknown {
  if (typeof value === 'string') return box.open(value);
  if (Array.isArray(value)) return value.map((entry) => openAll(box, entry));
  if (isObject(value)) return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, openAll(box, entry)]));
  return value;
}

/** Re-seals under the current key every sealed string anywhere in the value (key rotation). */
function resealAll(box: SecretBox, value: unknown): unknown {
  if (typeof value === 'string') return isSealed(value) ? box.reseal(value) : value;
  if (Array.isArray(value)) return value.map((entry) => resealAll(box, entry));
  if (isObject(value)) return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, resealAll(box, entry)]));
  return value;
}

/**
 * A JSON object text with the strings at these paths passed through `sealString` (`box.seal` for
 * plain values a repository writes; `box.reseal` where some may be sealed already). Text that is
 * not JSON, or in which nothing changed, is returned as it is.
 */
export function sealJsonPaths(text: string, paths: readonly SecretPath[], sealString: (value: string) => string): string {
  const parsed = parse(text);
  if (parsed === undefined) return text;
  let changed = false;
  const sealOne = (plain: string): string => {
    const next = sealString(plain);
    if (next !== plain) changed = true;
    return next;
  };
  let sealed: unknown = parsed;
  for (const path of paths) sealed = sealAt(sealed, path, sealOne);
  return changed ? JSON.stringify(sealed) : text;
}

/** A JSON text with every sealed string in it opened: the read side needs no list of paths. */
export function openSealedJson(box: SecretBox, text: string): string {
  if (!text.includes('enc:v1:')) return text;
  const parsed = parse(text);
  return parsed === undefined ? text : JSON.stringify(openAll(box, parsed));
}

/** A JSON text with every sealed string in it under the current key (plain strings untouched). */
export function resealJson(box: SecretBox, text: string): string {
  if (!text.includes('enc:v1:')) return text;
  const parsed = parse(text);
  return parsed === undefined ? text : JSON.stringify(resealAll(box, parsed));
}
