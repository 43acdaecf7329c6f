import { describe, expect, it } from 'vitest';
import { LINK_PLACEMENTS, type LinkPlacement } from '../../src/constants/project-options';
import { linkHref, placeLinks } from '../../src/engine/place-links';
import { createRng } from '../../src/engine/random';

const A = { url: 'https://a.example/shoes', anchor: 'running shoes' };
const B = { url: 'https://b.example/', anchor: 'trail boots' };
const C = { url: 'https://c.example/', anchor: 'socks' };
const link = (l: { url: string; anchor: string }) => `<a href="${l.url}">${l.anchor}</a>`;
const place = (html: string, links: { url: string; anchor: string }[], placement: LinkPlacement, seed: string | number = 1) => placeLinks(html, links, placement, createRng(seed));

describe('linkHref', () => {
  it('keeps http(s) URLs, adds http:// to www hosts, refuses the rest', () => {
    expect(linkHref(' https://x.example/a?b=1 ')).toBe('https://x.example/a?b=1');
    expect(linkHref('HTTP://X.example')).toBe('HTTP://X.example');
    expect(linkHref('www.x.example/p')).toBe('http://www.x.example/p');
    for (const bad of ['javascript:alert(1)', 'ftp://x.example', 'x.example', '//x.example', 'https://a b', '']) expect(linkHref(bad)).toBeNull();
  });
});

describe('placeLinks: ReplaceKeyword', () => {
  it('wraps the first occurrence, case-insensitively, keeping the article’s text', () => {
    const r = place('<p>Our Running Shoes are light. More running shoes here.</p>', [A], 'ReplaceKeyword');
    expect(r.html).toBe('<p>Our <a href="https://a.example/shoes">Running Shoes</a> are light. More running shoes here.</p>');
    expect(r.placed).toEqual([{ index: 0, url: A.url, href: A.url, anchor: 'Running Shoes', placement: 'ReplaceKeyword' }]);
  });

  it('only matches whole words', () => {
    const r = place('<p>sock puppets and socks.</p>', [C], 'ReplaceKeyword');
    expect(r.html).toBe('<p>sock puppets and <a href="https://c.example/">socks</a>.</p>');
  });

  it('never links inside an existing link, a tag attribute, code or script', () => {
    const html = '<p><a href="/x">running shoes</a> <img alt="running shoes" title="running shoes"> <code>running shoes</code></p>'
      + '<script>var s = "running shoes";</script><p>Buy running shoes.</p>';
    const r = place(html, [A], 'ReplaceKeyword');
    expect(r.html).toBe(html.replace('Buy running shoes.', `Buy ${link(A)}.`));
  });

  it('links the next free occurrence when two links share an anchor', () => {
    const r = place('<p>socks, socks and socks</p>', [C, { url: 'https://d.example/', anchor: 'Socks' }], 'ReplaceKeyword');
    expect(r.html).toBe('<p><a href="https://c.example/">socks</a>, <a href="https://d.example/">socks</a> and socks</p>');
  });

  it('does not link a phrase inside an already linked longer one', () => {
    const r = place('<p>best running shoes. running is fun.</p>', [{ url: 'https://x.example/', anchor: 'best running shoes' }, { url: 'https://y.example/', anchor: 'running' }], 'ReplaceKeyword');
    expect(r.html).toBe('<p><a href="https://x.example/">best running shoes</a>. <a href="https://y.example/">running</a> is fun.</p>');
  });

  it('matches anchors written with entities and records what a reader sees', () => {
    const r = place('<p>We love Tom &amp; Jerry&#39;s&nbsp;show.</p>', [{ url: 'https://t.example/', anchor: "Tom & Jerry's show" }], 'ReplaceKeyword');
    expect(r.html).toBe('<p>We love <a href="https://t.example/">Tom &amp; Jerry&#39;s&nbsp;show</a>.</p>');
    expect(r.placed[0]!.anchor).toBe("Tom & Jerry's show");
  });

  it('never cuts an entity in two', () => {
    const r = place('<p>a &amp; b. Fine.</p>', [{ url: 'https://t.example/', anchor: 'amp' }], 'ReplaceKeyword');
    expect(r.html).not.toContain('&<a');
    expect(r.placed[0]!.placement).toBe('RandomSentence');
  });

  it('falls back to RandomSentence when the anchor is absent', () => {
    const r = place('<p>First sentence. Second one.</p>', [B], 'ReplaceKeyword');
    expect(r.placed[0]!.placement).toBe('RandomSentence');
    expect([`<p>First sentence. ${link(B)} Second one.</p>`, `<p>First sentence. Second one. ${link(B)}</p>`]).toContain(r.html);
  });
});

describe('placeLinks: Top and Bottom', () => {
  it('puts each link in a paragraph of its own, in order', () => {
    expect(place('<p>Body.</p>', [A, B], 'Top').html).toBe(`<p>${link(A)}</p><p>${link(B)}</p><p>Body.</p>`);
    expect(place('<p>Body.</p>', [A, B], 'Bottom').html).toBe(`<p>Body.</p><p>${link(A)}</p><p>${link(B)}</p>`);
  });
});

describe('placeLinks: RandomSentence', () => {
  const html = '<h2>Title. Here</h2><p>One. Two! Three? "Four." Five</p><blockquote>Six. Seven</blockquote><p>e.g. 3.5 is <a href="/z">x. y</a> ok.</p>';

  it('inserts after sentence ends inside paragraphs, different spots while there are enough', () => {
    const offsets = new Set<number>();
    for (let seed = 0; seed < 200; seed += 1) {
      const r = place(html, [A, B], 'RandomSentence', seed);
      expect(r.placed.map((p) => p.placement)).toEqual(['RandomSentence', 'RandomSentence']);
      // Where each link went, as an offset in the original article.
      const at = (l: typeof A, other: typeof A) => r.html.replace(` ${link(other)}`, '').indexOf(` ${link(l)}`);
      expect(at(A, B)).not.toBe(at(B, A));
      offsets.add(at(A, B));
      offsets.add(at(B, A));
    }
    const after = (text: string) => html.indexOf(text) + text.length;
    expect([...offsets].sort((a, b) => a - b)).toEqual([after('<p>One.'), after('Two!'), after('Three?'), after('"Four."'), after('<p>e.g.'), after('</a> ok.')]);
  });

  it('links become their own sentence-separated item, never inside a link, a heading outside paragraphs or an attribute', () => {
    const r = place('<p title="A. B. C.">Only one. Sentence</p>', [A], 'RandomSentence');
    expect(r.html).toBe(`<p title="A. B. C.">Only one. ${link(A)} Sentence</p>`);
  });

  it('reuses spots when there are more links than sentence ends', () => {
    const r = place('<p>Just one.</p>', [A, B, C], 'RandomSentence');
    expect(r.html).toBe(`<p>Just one. ${link(A)} ${link(B)} ${link(C)}</p>`);
  });

  it('without a sentence end goes to a random paragraph, and without a paragraph to the bottom', () => {
    expect(place('<p>no end here</p>', [A], 'RandomSentence').html).toBe(`<p>no end here ${link(A)}</p>`);
    expect(place('<p>no end here</p>', [A], 'RandomSentence').placed[0]!.placement).toBe('RandomParagraph');
    expect(place('<div>no paragraphs</div>', [A], 'RandomSentence').html).toBe(`<div>no paragraphs</div><p>${link(A)}</p>`);
  });

  it('uses any text when the article has no paragraphs at all', () => {
    expect(place('Plain. Text', [A], 'RandomSentence').html).toBe(`Plain. ${link(A)} Text`);
  });
});

describe('placeLinks: RandomParagraph', () => {
  it('appends to paragraphs with text, a different one per link while there are enough', () => {
    const html = '<p>One</p><p><img src="x.png"></p><p>Two</p><p> </p>';
    const seen = new Set<string>();
    for (let seed = 0; seed < 50; seed += 1) {
      const r = place(html, [A, B], 'RandomParagraph', seed);
      seen.add(r.html);
      expect(r.html.includes(`<img src="x.png"> <a`)).toBe(false);
    }
    expect(seen).toEqual(new Set([
      `<p>One ${link(A)}</p><p><img src="x.png"></p><p>Two ${link(B)}</p><p> </p>`,
      `<p>One ${link(B)}</p><p><img src="x.png"></p><p>Two ${link(A)}</p><p> </p>`,
    ]));
  });

  it('goes to the bottom when no paragraph has text', () => {
    const r = place('<h1>Only a heading</h1>', [A], 'RandomParagraph');
    expect(r.html).toBe(`<h1>Only a heading</h1><p>${link(A)}</p>`);
    expect(r.placed[0]!.placement).toBe('Bottom');
  });
});

describe('placeLinks: ReplaceLinkTag and markers', () => {
  it('replaces [link] / {link} markers in reading order, any case', () => {
    const r = place('<p>See [link] and {LINK} and [Link].</p>', [A, B, C], 'ReplaceLinkTag');
    expect(r.html).toBe(`<p>See ${link(A)} and ${link(B)} and ${link(C)}.</p>`);
    expect(r.placed.map((p) => p.placement)).toEqual(['ReplaceLinkTag', 'ReplaceLinkTag', 'ReplaceLinkTag']);
  });

  it('sends links beyond the markers to the bottom and removes markers beyond the links', () => {
    expect(place('<p>See [link].</p>', [A, B], 'ReplaceLinkTag').html).toBe(`<p>See ${link(A)}.</p><p>${link(B)}</p>`);
    expect(place('<p>See [link] and [link] now.</p>', [A], 'ReplaceLinkTag').html).toBe(`<p>See ${link(A)} and now.</p>`);
    expect(place('<p>No markers.</p>', [A], 'ReplaceLinkTag').placed[0]!.placement).toBe('Bottom');
  });

  it('leaves markers inside attributes, links and code alone', () => {
    const html = '<p title="[link]"><a href="/x">[link]</a><code>{link}</code> [link]</p>';
    expect(place(html, [A], 'ReplaceLinkTag').html).toBe(`<p title="[link]"><a href="/x">[link]</a><code>{link}</code> ${link(A)}</p>`);
  });

  it('other placements remove the markers so a post never shows one', () => {
    for (const [placement] of LINK_PLACEMENTS.filter(([p]) => p !== 'ReplaceLinkTag')) {
      const r = place('<p>Text [link] more {link}. End.</p>', [A], placement);
      expect(r.html, placement).not.toMatch(/\[link\]|\{link\}/);
      expect(r.html, placement).toContain('Text more');
    }
  });
});

describe('placeLinks: InBlurbOnly', () => {
  it('adds one blurb paragraph after the article ending with the links', () => {
    const r = place('<p>Body. With sentences.</p>', [A, B], 'InBlurbOnly');
    expect(r.html).toMatch(new RegExp(`^<p>Body\\. With sentences\\.</p><p>(Read more|Learn more|Find out more|More on this|Further reading): ${link(A).replace(/[.?/]/g, '\\$&')}, ${link(B).replace(/[.?/]/g, '\\$&')}</p>$`));
  });

  it('takes a custom blurb, spun and escaped', () => {
    const r = placeLinks('<p>Body.</p>', [A], 'InBlurbOnly', createRng(1), { blurb: '{Tips & tricks|Tips & tricks} <b>' });
    expect(r.html).toBe(`<p>Body.</p><p>Tips &amp; tricks &lt;b&gt; ${link(A)}</p>`);
    expect(placeLinks('<p>Body.</p>', [A], 'InBlurbOnly', createRng(1), { blurb: '' }).html).toBe(`<p>Body.</p><p>${link(A)}</p>`);
  });
});

describe('placeLinks: escaping and bad input', () => {
  it('escapes anchors and URLs and adds no rel (dofollow)', () => {
    const r = place('<p>x</p>', [{ url: 'https://x.example/?a=1&b="2"', anchor: '<script>alert(1)</script> & co' }], 'Bottom');
    expect(r.html).toBe('<p>x</p><p><a href="https://x.example/?a=1&amp;b=&quot;2&quot;">&lt;script&gt;alert(1)&lt;/script&gt; &amp; co</a></p>');
    expect(r.html).not.toContain('rel=');
  });

  it('skips links whose URL is not http(s), places the others', () => {
    const r = place('<p>x</p>', [{ url: 'javascript:alert(1)', anchor: 'bad' }, A], 'Bottom');
    expect(r.skipped).toEqual([{ index: 0, url: 'javascript:alert(1)' }]);
    expect(r.placed.map((p) => p.index)).toEqual([1]);
    expect(r.html).not.toContain('javascript');
  });

  it('uses the URL as anchor for a link without one', () => {
    expect(place('<p>x</p>', [{ url: 'www.x.example', anchor: ' ' }], 'Bottom').html).toBe('<p>x</p><p><a href="http://www.x.example">www.x.example</a></p>');
  });

  it('without links changes nothing but the markers', () => {
    for (const [placement] of LINK_PLACEMENTS) expect(place('<p>a [link] b</p>', [], placement).html).toBe('<p>a b</p>');
  });
});

/** Depth of `<a>` nesting the HTML reaches (1 means no link inside another). */
function maxLinkDepth(html: string): number {
  let depth = 0;
  let max = 0;
  for (const m of html.matchAll(/<(\/?)a\b[^>]*>/gi)) {
    depth = m[1] ? depth - 1 : depth + 1;
    max = Math.max(max, depth);
  }
  return max;
}

describe('placeLinks: safety over many random articles', () => {
  const pieces = [
    'Running shoes are great. ', 'We sell <b>running shoes</b>! ', '<a href="/in?q=running shoes">running shoes</a> ', 'Tom &amp; Jerry. ',
    '<img src="/i.png" alt="running shoes. [link]" title="socks"> ', '<code>socks. running shoes</code> ', '[link] ', '{link} ',
    'Socks? Yes. ', 'e.g. 3.5 ', '<!-- running shoes. [link] --> ', '<span data-x="a > b. socks">socks</span> ', '\n',
  ];
  const blocks = (rng: ReturnType<typeof createRng>) => Array.from({ length: rng.int(0, 5) }, () => {
    const body = Array.from({ length: rng.int(0, 6) }, () => rng.pick(pieces)).join('');
    return rng.pick([`<p>${body}</p>`, `<h2>${body}</h2>`, `<ul><li>${body}</li></ul>`, body, `<p>${body}`, '<script>var a = "running shoes. [link]";</script>']);
  }).join('\n');
  const tags = (html: string) => [...html.matchAll(/<[^>]*>/g)].map((m) => m[0]);

  it('keeps every original tag, never nests links, and places every link it reports', () => {
    const rng = createRng('safety');
    for (let i = 0; i < 400; i += 1) {
      const html = blocks(rng);
      const links = [A, B, C].slice(0, rng.int(0, 3));
      for (const [placement] of LINK_PLACEMENTS) {
        const r = placeLinks(html, links, placement, rng);
        const context = `${placement}: ${html}\n→ ${r.html}`;
        expect(r.placed.length, context).toBe(links.length);
        expect(maxLinkDepth(r.html), context).toBe(Math.max(maxLinkDepth(html), r.placed.length > 0 ? 1 : 0));
        const ours = new Set(links.map((l) => `<a href="${l.url}">`));
        const kept = tags(r.html).filter((t) => !ours.has(t));
        const originalWithoutOurs = tags(html);
        // Every original tag is still there, in order; only our <a>, </a> and <p> wrappers were added.
        let at = 0;
        for (const tag of kept) if (tag === originalWithoutOurs[at]) at += 1;
        expect(at, context).toBe(originalWithoutOurs.length);
        for (const p of r.placed) expect(r.html, context).toContain(`<a href="${p.href}">`);
        // Text inside attributes, comments, code and scripts is untouched.
        for (const fixed of ['alt="running shoes. [link]"', '<!-- running shoes. [link] -->', '<code>socks. running shoes</code>', 'data-x="a > b. socks"', '"running shoes. [link]";</script>']) {
          expect(r.html.split(fixed).length, context).toBe(html.split(fixed).length);
        }
      }
    }
  });
});
