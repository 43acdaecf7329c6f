import { splitLines } from '../domain/text';

const BLOCK_TAG = /<(?:p|div|h[1-6]|ul|ol|li|blockquote|table|figure|pre|section|article|br)\b/i;

/**
 * An article body as post HTML. A body with block markup (written in the editor or imported as
 * HTML) is used as it is; a plain-text body (an uploaded .txt file) becomes one `<p>` per non-blank
 * line, text kept as written (inline markup such as `<b>` in it still works).
 */
export function articleToHtml(body: string): string {
  if (BLOCK_TAG.test(body)) return body;
  return splitLines(body)
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .map((line) => `<p>${line}</p>`)
    .join('\n');
}
