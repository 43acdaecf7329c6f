import { describe, expect, it } from 'vitest';
import { MAX_NESTING, MarkupNestingError, htmlToWikitext } from '../../src/engine/connectors/mediawiki/html-to-wikitext';

const wiki = (html: string) => htmlToWikitext(html).wikitext;

/**
 * Issue 33.4: the conversion a post to a wiki goes through is linear in the article for every
 * input (it once took the square of its length: 50 KB of `<ul><li>` ran for five minutes on the
 * thread serving requests). No time is measured: these inputs finish, or the suite times out.
 */
describe('HTML → wikitext on hostile articles', () => {
  it('converts 500 KB of stray `<` and of wiki syntax as escaped text', () => {
    expect(wiki('<'.repeat(500_000))).toBe('&lt;'.repeat(500_000));
    expect(wiki(`<p>${'[['.repeat(250_000)}</p>`)).toBe('&#91;'.repeat(500_000));
  });

  it('converts 500 KB of paragraphs, headings and line breaks', () => {
    const html = '<h2>Title</h2><p>Some <b>bold</b> text and <a href="https://x.example/">a link</a>.<br>More.</p>'.repeat(5_000);
    const out = wiki(html);
    expect(out.split('== Title ==').length - 1).toBe(5_000);
    expect(out.split('[https://x.example/ a link]').length - 1).toBe(5_000);
  });

  it('refuses an article nesting elements deeper than any real one, before the parser slows down', () => {
    expect(() => wiki('<div>'.repeat(MAX_NESTING + 1))).toThrow(MarkupNestingError);
    expect(() => wiki('<ul><li>'.repeat(100_000))).toThrow(MarkupNestingError);
    expect(wiki(`${'<div>'.repeat(MAX_NESTING - 1)}deep${'</div>'.repeat(MAX_NESTING - 1)}`)).toBe('deep');
  });

  it('goes on at the deepest list level past 16 nested lists', () => {
    const html = `${'<ul><li>x'.repeat(20)}${'</li></ul>'.repeat(20)}`;
    const prefixes = wiki(html).split('\n').map((line) => line.split(' ')[0]!);
    expect(prefixes.slice(0, 16)).toEqual(Array.from({ length: 16 }, (_, i) => '*'.repeat(i + 1)));
    expect(prefixes.slice(16)).toEqual(Array.from({ length: 4 }, () => '*'.repeat(16)));
  });
});
