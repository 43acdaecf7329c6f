/** HTML escaping and entity handling for the text the pipeline writes into and reads from posts. */

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for element content and double- or single-quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
}

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** An entity as it may appear in text: named, decimal or hexadecimal. */
export const ENTITY_PATTERN = /&(?:#\d{1,7}|#x[0-9a-f]{1,6}|[a-z][a-z0-9]{1,31});/gi;

/**
 * Decodes numeric entities and the few named ones the pipeline itself reads (amp, lt, gt, quot,
 * apos, nbsp); other named entities stay as written.
 */
export function decodeEntities(text: string): string {
  return text.replace(ENTITY_PATTERN, (entity) => {
    const body = entity.slice(1, -1).toLowerCase();
    if (body.startsWith('#')) {
      const code = body[1] === 'x' ? Number.parseInt(body.slice(2), 16) : Number.parseInt(body.slice(1), 10);
      return Number.isInteger(code) && code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : entity;
    }
    return NAMED[body] ?? entity;
  });
}

// Only syntax characters are escaped: under the `u` flag an escaped `-` is a syntax error.
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

// Each character the article may hold raw or as an entity, as a regex alternative.
const CHARACTER_FORMS: Record<string, string> = {
  '&': '(?:&amp;|&#0*38;|&#x0*26;|&)',
  '<': '(?:&lt;|&#0*60;|&#x0*3c;)',
  '>': '(?:&gt;|&#0*62;|&#x0*3e;|>)',
  '"': '(?:&quot;|&#0*34;|&#x0*22;|")',
  "'": "(?:&#0*39;|&#x0*27;|&apos;|'|’)",
};

/**
 * A regex source matching `text` inside HTML text content: special characters raw or as entities,
 * any white space (including &nbsp;) between words. Word-bounded at an end that is a letter or
 * digit.
 */
export function textInHtmlPattern(text: string): string {
  const words = text.trim().split(/\s+/).filter((w) => w !== '');
  const body = words
    .map((word) => [...word].map((char) => CHARACTER_FORMS[char] ?? escapeRegExp(char)).join(''))
    .join('(?:\\s|&nbsp;|&#0*160;|&#x0*a0;|\u00a0)+');
  const trimmed = text.trim();
  const wordChar = /[\p{L}\p{N}_]/u;
  const before = wordChar.test(trimmed[0] ?? '') ? '(?<![\\p{L}\\p{N}_])' : '';
  const after = wordChar.test(trimmed[trimmed.length - 1] ?? '') ? '(?![\\p{L}\\p{N}_])' : '';
  return `${before}${body}${after}`;
}
