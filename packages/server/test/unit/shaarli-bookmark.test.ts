/**
 * What the Shaarli connector sends, without a site: the API's JWT (checked against a token made by
 * Shaarli's own Base64Url and hash_hmac), the bookmark made from a post's HTML (address, markdown-ish
 * description, tags, titles), and the re-pointing of a description's links.
 */
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ISSUED_AT_MARGIN_S, issuedAtSeconds, shaarliJwt } from '../../src/engine/connectors/shaarli/shaarli-jwt';
import { sameAddress } from '../../src/engine/connectors/link-rewrite';
import { bookmarkOf, bookmarkTags, bookmarkTitleCandidates, bookmarkTitleOf, firstLinkOf, markdownDestination, rewriteDescriptionLinks } from '../../src/engine/connectors/shaarli/shaarli-text';

describe('shaarliJwt', () => {
  it('is the token Shaarli computes: HS512 over {"iat"} with the secret, base64url without padding', () => {
    // Made with Shaarli 0.12's Shaarli\Http\Base64Url::encode and hash_hmac('sha512', …) for this secret and time.
    expect(shaarliJwt('s3cr3t-secret', 1_700_000_000)).toBe(
      'eyJ0eXAiOiJKV1QiLCJhbGciOiJIUzUxMiJ9.eyJpYXQiOjE3MDAwMDAwMDB9.f3qwEt055OoevScE9QaK0lycNiBwf5p45hGk3GBpVbPvoZaf3ao-u9dLMw6gcdRYtBJ2kXsZJp50qdxzHGzP4g',
    );
  });

  it('carries only the header and the issued-at time, in whole seconds, and verifies with the secret alone', () => {
    const token = shaarliJwt('another secret', 1_700_000_123.9);
    const [header = '', payload = '', signature = ''] = token.split('.');
    expect(JSON.parse(Buffer.from(header, 'base64url').toString())).toEqual({ typ: 'JWT', alg: 'HS512' });
    expect(JSON.parse(Buffer.from(payload, 'base64url').toString())).toEqual({ iat: 1_700_000_123 });
    expect(signature).toBe(createHmac('sha512', 'another secret').update(`${header}.${payload}`).digest('base64url'));
    expect(token).not.toMatch(/[=+/]/);
    expect(shaarliJwt('other', 1_700_000_123)).not.toBe(token);
  });

  it('issues tokens a little in the past, on the site clock when it is known', () => {
    expect(issuedAtSeconds(1_700_000_000_500)).toBe(1_700_000_000 - ISSUED_AT_MARGIN_S);
    expect(issuedAtSeconds(1_700_000_000_000, -120_000)).toBe(1_700_000_000 - 120 - ISSUED_AT_MARGIN_S);
    expect(issuedAtSeconds(1_700_000_000_000, 600_000)).toBe(1_700_000_000 + 600 - ISSUED_AT_MARGIN_S);
  });
});

describe('bookmarkOf', () => {
  it('bookmarks the first link and writes the others as [anchor](url ) in paragraphs and list lines', () => {
    const html = '<h2>About tea</h2><p>Green tea is <a href="https://tea.example/green?x=1&amp;y=2">good green tea</a> for you.</p>'
      + '<p>Also <a href="https://tea.example/black">black <b>tea</b></a>, <a href="/relative">a page here</a> and <a href="mailto:a@b.example">mail</a>.<br>New line.</p>'
      + '<ol><li>first</li><li>second <a href="https://tea.example/list">listed</a></li></ol><ul><li>dot</li></ul>';
    expect(bookmarkOf(html)).toEqual({
      url: 'https://tea.example/green?x=1&y=2',
      description: 'About tea\n\nGreen tea is good green tea for you.\n\nAlso [black tea](https://tea.example/black ), a page here and mail.\nNew line.\n\n1. first\n2. second [listed](https://tea.example/list )\n\n- dot',
      mediaLeftOut: 0,
    });
  });

  it('leaves images, videos and embeds out (counted), and scripts and styles with their text', () => {
    const html = '<p>Text <img src="https://img.example/a.png" alt="A"> more.</p><figure><img src="https://img.example/b.png"><figcaption>Photo by <a href="https://photos.example/ann">Ann</a></figcaption></figure>'
      + '<iframe src="https://video.example/embed/1">fallback</iframe><video src="https://video.example/v.mp4"><p>no video</p></video><script>alert(1)</script><style>p{}</style><p>End.</p>';
    const { url, description, mediaLeftOut } = bookmarkOf(html);
    // The only link is a figure's credit: it is the bookmark's address when there is no other.
    expect(url).toBe('https://photos.example/ann');
    expect(description).toBe('Text more.\n\nPhoto by Ann\n\nEnd.');
    expect(mediaLeftOut).toBe(4);
  });

  it('prefers a link outside figures for the address; a post without links is a note (no address)', () => {
    expect(firstLinkOf('<figure><figcaption><a href="https://credit.example/">c</a></figcaption></figure><p><a href="https://target.example/">t</a></p>')).toBe('https://target.example/');
    expect(bookmarkOf('<p>Only <b>text</b> &amp; more.</p>')).toEqual({ url: null, description: 'Only text & more.', mediaLeftOut: 0 });
  });

  it('keeps markdown link syntax whole: brackets in anchors, brackets and spaces in addresses, empty anchors as bare addresses', () => {
    const html = '<p><a href="https://first.example/">first</a> <a href="https://b.example/wiki/Tea_(drink)">tea [the drink]</a> <a href="https://c.example/a b">spaced</a> <a href="https://d.example/img"><img src="x.png"></a> end</p>';
    expect(bookmarkOf(html).description).toBe('first [tea (the drink)](https://b.example/wiki/Tea_%28drink%29 ) [spaced](https://c.example/a%20b ) https://d.example/img end');
    expect(markdownDestination('https://x.example/(a) <b>')).toBe('https://x.example/%28a%29%20%3Cb%3E');
  });

  it('writes every link to the bookmarked address as its text, and keeps a link never closed', () => {
    const html = '<p><a href="https://same.example/">one</a> and <a href="https://same.example/">again</a> and <a href="https://open.example/">open';
    expect(bookmarkOf(html)).toMatchObject({ url: 'https://same.example/', description: 'one and again and [open](https://open.example/ )' });
  });

  it('collapses white space (two spaces would show as a non-breaking space) and blank lines', () => {
    expect(bookmarkOf('<div>\n  <p>  a   b </p>\n\n\n<p>c</p>  </div>').description).toBe('a b\n\nc');
  });

  it('stays linear on deep or long markup', () => {
    const deep = `${'<div><span>'.repeat(3000)}deep <a href="https://deep.example/">x</a> <a href="https://deep2.example/">y</a>${'</span></div>'.repeat(3000)}`;
    const started = Date.now();
    const { description } = bookmarkOf(deep);
    expect(description).toContain('[y](https://deep2.example/ )');
    const many = `<p>${Array.from({ length: 5000 }, (_, i) => `<a href="https://many.example/${i}">link ${i}</a>`).join(' ')}</p>`;
    expect(bookmarkOf(many).description.split('](').length).toBe(5000);
    expect(Date.now() - started).toBeLessThan(2000);
  });
});

describe('bookmark titles and tags', () => {
  it('titles: markup dropped, entities decoded, white space collapsed', () => {
    expect(bookmarkTitleOf('  <b>Tea</b> &amp;\n  you&#39;ll  ')).toBe("Tea & you'll");
  });

  it('title candidates: the title, then told apart by words of the text, never a number', () => {
    const candidates = bookmarkTitleCandidates('Seed saving', '<p>Tomatoes ferment before drying. Tomatoes keep for years. <a href="https://x.example/">Beans</a></p>');
    expect(candidates[0]).toBe('Seed saving');
    expect(candidates[1]).toBe('Seed saving (Tomatoes)');
    expect(candidates.every((candidate) => !/\d/.test(candidate))).toBe(true);
    // A link's anchor never names the bookmark.
    expect(candidates.some((candidate) => candidate.includes('Beans'))).toBe(false);
    expect(bookmarkTitleCandidates('', '<p>Only some words of text here</p>')[0]).toBe('Only some words of text here');
  });

  it('tags are single words without search operators, each once, never nomarkdown', () => {
    expect(bookmarkTags(['Green tea', ' health ', 'Health', '#drinks', '-minus', 'a,b', 'wild*card', 'NoMarkdown', '', '  ', 'x--y'])).toEqual(['Green-tea', 'health', 'drinks', 'minus', 'a-b', 'wildcard', 'x-y']);
  });
});

describe('rewriteDescriptionLinks', () => {
  const from = 'https://dead.example/page';
  const to = 'https://live.example/new?a=1';

  it('replaces the address bare and as a markdown destination, with or without one ending slash', () => {
    const text = `See [the page](${from} ) and ${from}/ or (${from}).`;
    expect(rewriteDescriptionLinks(text, [{ from, to }])).toEqual({ text: `See [the page](${to} ) and ${to} or (${to}).`, changed: 3 });
    expect(rewriteDescriptionLinks(`[x](${from} )`, [{ from: `${from}/`, to }])).toEqual({ text: `[x](${to} )`, changed: 1 });
  });

  it('leaves longer addresses that start with it, and other hosts, alone; nothing to change is changed 0', () => {
    const text = `[a](${from}2 ) [b](${from}/sub ) [c](${from}?q=1 ) [d](https://x.example/?u=${from}x )`;
    expect(rewriteDescriptionLinks(text, [{ from, to }])).toEqual({ text, changed: 0 });
  });

  it('matches an address with brackets as the description writes it', () => {
    const wiki = 'https://w.example/Tea_(drink)';
    expect(rewriteDescriptionLinks(`[t](${markdownDestination(wiki)} )`, [{ from: wiki, to: 'https://w.example/Tea_(new)' }])).toEqual({ text: '[t](https://w.example/Tea_%28new%29 )', changed: 1 });
  });

  it('says which addresses are the same page', () => {
    expect(sameAddress('https://a.example/x/', 'https://a.example/x')).toBe(true);
    expect(sameAddress('https://a.example/x', 'https://a.example/y')).toBe(false);
  });
});
