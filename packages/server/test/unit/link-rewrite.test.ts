import { describe, expect, it } from 'vitest';
import { rewriteHtmlLinks, rewriteWikitextLinks, sameAddress } from '../../src/engine/connectors/link-rewrite';

const dead = 'https://tier1.example/post/?a=1&b=2';
const live = 'https://tier1.example/other/?x="y"&z';

describe('re-pointing links in a post', () => {
  it('replaces only the addresses of links to the dead page, in any quoting and entity spelling, keeping anchors and the rest', () => {
    const html = `<p>One <a href="https://tier1.example/post/?a=1&amp;b=2">first</a>, <a class="x" href='${dead}' rel="nofollow">second</a>,`
      + ` <a href="https://tier1.example/post/?a=1&#038;b=2">third</a> and <a href="https://keep.example/">kept</a>. ${dead} as text stays.</p>`;
    const { text, changed } = rewriteHtmlLinks(html, [{ from: dead, to: live }]);
    expect(changed).toBe(3);
    const encoded = 'https://tier1.example/other/?x=&quot;y&quot;&amp;z';
    expect(text).toBe(`<p>One <a href="${encoded}">first</a>, <a class="x" href="${encoded}" rel="nofollow">second</a>,`
      + ` <a href="${encoded}">third</a> and <a href="https://keep.example/">kept</a>. ${dead} as text stays.</p>`);
    expect(rewriteHtmlLinks(text, [{ from: dead, to: live }])).toEqual({ text, changed: 0 });
  });

  it('treats an ending slash as the same page', () => {
    expect(sameAddress('https://a.example/p/', 'https://a.example/p')).toBe(true);
    expect(sameAddress('https://a.example/p', 'https://a.example/q')).toBe(false);
    expect(rewriteHtmlLinks('<a href="https://a.example/p">x</a>', [{ from: 'https://a.example/p/', to: 'https://b.example/' }]).changed).toBe(1);
  });

  it('wikitext: [from anchor] and [from] become the new address, bare text and other links stay', () => {
    const wikitext = `Read [${dead} the tier above], see [${dead}] or [https://keep.example/ kept]; ${dead} in text.`;
    const { text, changed } = rewriteWikitextLinks(wikitext, [{ from: dead, to: 'https://new.example/a b]' }]);
    expect(changed).toBe(2);
    expect(text).toBe(`Read [https://new.example/a%20b%5D the tier above], see [https://new.example/a%20b%5D] or [https://keep.example/ kept]; ${dead} in text.`);
  });

  it('stays linear on hostile text: unclosed quotes and brackets over a megabyte', () => {
    const html = '<a href="'.repeat(120_000);
    expect(rewriteHtmlLinks(html, [{ from: dead, to: live }]).changed).toBe(0);
    const wikitext = '[//'.repeat(400_000);
    expect(rewriteWikitextLinks(wikitext, [{ from: dead, to: live }]).changed).toBe(0);
  });
});
