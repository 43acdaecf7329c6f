/**
 * The Ghost, Forem and Telegraph connectors' pure parts: HTML → Markdown (Forem), HTML → Telegraph
 * Nodes, link re-pointing in HTML, Markdown and Nodes, Ghost slugs and Admin API tokens, titled
 * names and Telegraph path dates. The hostile inputs finish or the suite times out: the
 * conversions are linear in the article for every input (no time is measured).
 */
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { MAX_NESTING as MARKDOWN_MAX_NESTING, MarkdownNestingError, htmlToMarkdown } from '../../src/engine/connectors/forem/html-to-markdown';
import { replaceMarkdownLinks } from '../../src/engine/connectors/forem/markdown-links';
import { titleLine, titledNameCandidates } from '../../src/engine/connectors/titled-name';
import { foremTags } from '../../src/engine/connectors/forem/forem-connector';
import { adminToken, parseAdminApiKey } from '../../src/engine/connectors/ghost/admin-token';
import { equivalentAddress, rewriteAnchorLinks } from '../../src/engine/connectors/link-rewrite';
import { MAX_GHOST_SLUG_LENGTH, ghostSlugCandidates, ghostSlugOf } from '../../src/engine/connectors/ghost/slug';
import { MAX_NESTING as NODES_MAX_NESTING, TELEGRAPH_TAGS, TelegraphNestingError, contentBytes, htmlToNodes, type TelegraphNode } from '../../src/engine/connectors/telegraph/html-to-nodes';
import { daysSince, pathDay, repointNodes } from '../../src/engine/connectors/telegraph/telegraph-connector';

const md = (html: string) => htmlToMarkdown(html).markdown;
const nodes = (html: string) => htmlToNodes(html).nodes;

/** Every tag used in a Node tree (iteratively). */
function tagsOf(tree: TelegraphNode[]): Set<string> {
  const tags = new Set<string>();
  const stack = [tree];
  while (stack.length > 0) {
    for (const node of stack.pop()!) {
      if (typeof node === 'string') continue;
      tags.add(node.tag);
      if (node.children) stack.push(node.children);
    }
  }
  return tags;
}

describe('HTML → Markdown (Forem body_markdown)', () => {
  it('writes an article as Markdown a person would type', () => {
    const html = '<h2>About tea</h2><p>Green tea is <a href="https://tea.example/green?x=1">good <b>green</b> tea</a>, <i>really</i>.</p>'
      + '<figure><img src="https://img.example/cup.png" alt="Cup"></figure><ul><li>one</li><li>two<ul><li>inner</li></ul></li></ul><ol start="3"><li>three</li></ol>'
      + '<blockquote><p>Quote one</p><p>Quote two</p></blockquote><p>a<br>b</p><hr><p><del>old</del> <code>x()</code></p>';
    expect(md(html)).toBe([
      '## About tea', '',
      'Green tea is [good **green** tea](https://tea.example/green?x=1), *really*.', '',
      '![Cup](https://img.example/cup.png)', '',
      '- one', '- two', '  - inner', '',
      '3. three', '',
      '> Quote one', '>', '> Quote two', '',
      'a  ', 'b', '',
      '---', '',
      '~~old~~ `x()`',
    ].join('\n'));
  });

  it('escapes text so that nothing in it becomes Markdown, HTML or a Liquid tag', () => {
    expect(md('<p>2 * 3 = _six_ [x](y) <b>not</b> &lt;script&gt; &amp;copy; {% raw %} {{ x }} `tick` a|b #tag</p>'))
      .toBe('2 \\* 3 = \\_six\\_ \\[x\\](y) **not** &lt;script> &amp;copy; &#123;% raw %} &#123;{ x }} \\`tick\\` a\\|b \\#tag');
    // Lines that would start a heading, list, quote or rule.
    expect(md('<p># no<br>- no<br>+ no<br>> no<br>2024. no<br>=== no</p>')).toBe('\\# no  \n\\- no  \n\\+ no  \n\\> no  \n2024\\. no  \n\\=== no');
  });

  it('keeps link addresses whole (characters that would end them encoded), drops links without text, and splits a link around blocks', () => {
    expect(md('<p><a href="https://x.example/a (b) c">x</a></p>')).toBe('[x](https://x.example/a%20%28b%29%20c)');
    expect(md('<p>a<a href="https://x.example/"></a>b</p>')).toBe('ab');
    expect(md('<p><a href="javascript:alert(1)">x</a></p>')).toBe('x');
    expect(md('<a href="https://x.example/"><div>Card title</div><p>Card text</p></a>')).toBe('[Card title](https://x.example/)\n\n[Card text](https://x.example/)');
  });

  it('fences code with more backticks than it holds; a video becomes a link with a note', () => {
    expect(md('<pre><code>let a = `x`;\n```\nb</code></pre>')).toBe('````\nlet a = `x`;\n```\nb\n````');
    const video = htmlToMarkdown('<p>Watch</p><iframe src="https://video.example/embed/1"></iframe>');
    expect(video.markdown).toBe('Watch\n\n<https://video.example/embed/1>');
    expect(video.notes).toEqual(['A video was turned into a link to the video: Forem embeds only the video sites it knows.']);
  });

  it('is linear on hostile articles', () => {
    expect(md('<'.repeat(500_000))).toBe('&lt;'.repeat(500_000));
    expect(md(`<p>${'['.repeat(250_000)}</p>`)).toBe('\\['.repeat(250_000));
    expect(md(`<p><b>${' '.repeat(300_000)}x</b></p>`)).toBe('**x**');
    expect(md(`<pre>${' '.repeat(300_000)}x${' '.repeat(300_000)}</pre>`)).toBe(`\`\`\`\n${' '.repeat(300_000)}x\n\`\`\``);
    const many = md('<h2>Title</h2><p>Some <b>bold</b> text and <a href="https://x.example/">a link</a>.<br>More.</p>'.repeat(5_000));
    expect(many.split('[a link](https://x.example/)').length - 1).toBe(5_000);
    expect(() => md('<div>'.repeat(MARKDOWN_MAX_NESTING + 1))).toThrow(MarkdownNestingError);
    expect(() => md('<ul><li>'.repeat(100_000))).toThrow(MarkdownNestingError);
    // Deeper than 8 lists or quotes: goes on at the 8th level.
    const deep = md(`${'<ul><li>x'.repeat(12)}${'</li></ul>'.repeat(12)}`).split('\n');
    expect(deep.map((line) => line.indexOf('-'))).toEqual([0, 2, 4, 6, 8, 10, 12, 14, 14, 14, 14, 14]);
  });
});

describe('HTML → Telegraph Nodes', () => {
  it('maps the article to the allowed tags only, text in paragraphs, white space collapsed', () => {
    const tree = nodes('<h1>T</h1><h5>S</h5>Loose <span>text</span> <strong>bold</strong><div>in <kbd>div</kbd></div><table><tr><td>a</td><td>b</td></tr></table><img src="//img.example/x.png"><p><del>d</del> <ins>i</ins></p>');
    expect(tree).toEqual([
      { tag: 'h3', children: ['T'] },
      { tag: 'h4', children: ['S'] },
      { tag: 'p', children: ['Loose text ', { tag: 'strong', children: ['bold'] }] },
      { tag: 'p', children: ['in ', { tag: 'code', children: ['div'] }] },
      { tag: 'p', children: ['a b'] },
      { tag: 'figure', children: [{ tag: 'img', attrs: { src: 'https://img.example/x.png' } }] },
      { tag: 'p', children: [{ tag: 's', children: ['d'] }, ' ', { tag: 'u', children: ['i'] }] },
    ]);
    for (const tag of tagsOf(tree)) expect(TELEGRAPH_TAGS).toContain(tag);
  });

  it('keeps http(s) and mailto links, a card link whole across its blocks; drops scripts; a video becomes a link', () => {
    expect(nodes('<p><a href="javascript:x()">x</a> <a href="mailto:a@b.example">mail</a></p>')).toEqual([{ tag: 'p', children: ['x ', { tag: 'a', attrs: { href: 'mailto:a@b.example' }, children: ['mail'] }] }]);
    expect(nodes('<a href="https://x.example/"><div>Card title</div><p>Card text</p></a><script>bad()</script>')).toEqual([
      { tag: 'p', children: [{ tag: 'a', attrs: { href: 'https://x.example/' }, children: ['Card title', { tag: 'br' }, 'Card text'] }] },
    ]);
    const video = htmlToNodes('<video><source src="https://v.example/a.mp4"></video>');
    expect(video.nodes).toEqual([{ tag: 'p', children: [{ tag: 'a', attrs: { href: 'https://v.example/a.mp4' }, children: ['https://v.example/a.mp4'] }] }]);
    expect(video.notes).toHaveLength(1);
    expect(nodes('<pre><code>a  b\n  c</code></pre>')).toEqual([{ tag: 'pre', children: ['a  b\n  c'] }]);
  });

  it('counts content as the bytes of its JSON', () => {
    expect(contentBytes(['é'])).toBe(Buffer.byteLength('["é"]'));
  });

  it('is linear on hostile articles', () => {
    expect(nodes('<'.repeat(500_000))).toEqual([{ tag: 'p', children: ['<'.repeat(500_000)] }]);
    expect(nodes(`<p>x${' '.repeat(300_000)}</p>`)).toEqual([{ tag: 'p', children: ['x'] }]);
    const many = nodes('<h2>Title</h2><p>Some <b>bold</b> text and <a href="https://x.example/">a link</a>.<br>More.</p>'.repeat(5_000));
    expect(many).toHaveLength(10_000);
    expect(() => nodes('<div>'.repeat(NODES_MAX_NESTING + 1))).toThrow(TelegraphNestingError);
    expect(() => nodes('<ul><li>'.repeat(100_000))).toThrow(TelegraphNestingError);
  });
});

describe('re-pointing links', () => {
  const changes = [{ from: 'https://dead.example/page', to: 'https://live.example/p?a=1&b="2"' }];

  it('in HTML: only hrefs of links to `from` (any quoting, entities decoded, one ending slash aside), the rest byte for byte', () => {
    const html = '<p><a class="x" href="https://dead.example/page">a</a> <A HREF=\'https://dead.example/page/\'>b</A> <a href=https://dead.example/page>c</a>'
      + ' <a href="https://dead.example/page?x=1&amp;y=2">other</a> <!-- <a href="https://dead.example/page">comment</a> --> <img src="https://dead.example/page"></p>';
    const { text: out, changed } = rewriteAnchorLinks(html, changes);
    expect(changed).toBe(3);
    expect(out).toBe('<p><a class="x" href="https://live.example/p?a=1&amp;b=&quot;2&quot;">a</a> <A HREF=\'https://live.example/p?a=1&amp;b=&quot;2&quot;\'>b</A> <a href="https://live.example/p?a=1&amp;b=&quot;2&quot;">c</a>'
      + ' <a href="https://dead.example/page?x=1&amp;y=2">other</a> <!-- <a href="https://dead.example/page">comment</a> --> <img src="https://dead.example/page"></p>');
    expect(rewriteAnchorLinks(out, changes).changed).toBe(0);
    expect(equivalentAddress('https://Dead.example/page', 'https://dead.example/page/')).toBe(true);
    expect(equivalentAddress('https://dead.example/page2', 'https://dead.example/page')).toBe(false);
  });

  it('in HTML: linear on unclosed quotes and endless tags', () => {
    const unclosed = '<a href="'.repeat(100_000);
    expect(rewriteAnchorLinks(unclosed, changes)).toEqual({ text: unclosed, changed: 0 });
    const endless = `<a ${'x='.repeat(200_000)}`;
    expect(rewriteAnchorLinks(endless, changes).changed).toBe(0);
    const many = '<a href="https://dead.example/page">x</a>'.repeat(50_000);
    expect(rewriteAnchorLinks(many, changes).changed).toBe(50_000);
  });

  it('in Markdown: inline links and images, angle destinations, titles, references, autolinks, Liquid tags and raw HTML', () => {
    const markdown = [
      '[a](https://dead.example/page "Title") and ![i](<https://dead.example/page>) and [b](https://dead.example/page/(x)) and [c](https://dead\\.example/page)',
      '[ref]: https://dead.example/page',
      '<https://dead.example/page> {% link https://dead.example/page %} <a href="https://dead.example/page">raw</a>',
    ].join('\n');
    const to = [{ from: 'https://dead.example/page', to: 'https://live.example/a b' }];
    const { markdown: out, changed } = replaceMarkdownLinks(markdown, to);
    expect(changed).toBe(7);
    expect(out).toBe([
      '[a](https://live.example/a%20b "Title") and ![i](<https://live.example/a%20b>) and [b](https://dead.example/page/(x)) and [c](https://live.example/a%20b)',
      '[ref]: https://live.example/a%20b',
      '<https://live.example/a%20b> {% link https://live.example/a%20b %} <a href="https://live.example/a b">raw</a>',
    ].join('\n'));
    expect(replaceMarkdownLinks(out, to).changed).toBe(0);
    expect(replaceMarkdownLinks(`${'[x]('.repeat(100_000)}`, to).changed).toBe(0);
    expect(replaceMarkdownLinks('](https://dead.example/page)'.repeat(50_000), to).changed).toBe(50_000);
  });

  it('in Telegraph Nodes: every `a` whose href is `from`, however deep', () => {
    const tree: TelegraphNode[] = [{ tag: 'p', children: [{ tag: 'a', attrs: { href: 'https://dead.example/page' }, children: ['x'] }, { tag: 'img', attrs: { src: 'https://dead.example/page' } }] }];
    let deep: TelegraphNode[] = tree;
    for (let i = 0; i < 10_000; i++) {
      const inner: TelegraphNode[] = [];
      deep.push({ tag: 'b', children: inner });
      deep = inner;
    }
    deep.push({ tag: 'a', attrs: { href: 'https://dead.example/page/' }, children: ['deep'] });
    expect(repointNodes(tree, changes)).toBe(2);
    expect(repointNodes(tree, changes)).toBe(0);
    expect((tree[0] as { children: Array<{ attrs?: { src?: string } }> }).children[1]?.attrs?.src).toBe('https://dead.example/page');
  });
});

describe('Ghost slugs and Admin API tokens', () => {
  it('makes a-z0-9 slugs: accents dropped, Cyrillic and Greek spelled in Latin, at most 185 long', () => {
    expect(ghostSlugOf('Tomato care: 10 tips — don’t  miss!')).toBe('tomato-care-10-tips-dont-miss');
    expect(ghostSlugOf('Crème brûlée & Straße')).toBe('creme-brulee-strasse');
    expect(ghostSlugOf('Привет, мир')).toBe('privet-mir');
    expect(ghostSlugOf('Καλημέρα')).toBe('kalimera');
    expect(ghostSlugOf('日本語')).toBe('');
    const long = ghostSlugOf('word '.repeat(100));
    expect(long.length).toBeLessThanOrEqual(MAX_GHOST_SLUG_LENGTH);
    expect(long.endsWith('-')).toBe(false);
    expect(ghostSlugCandidates('日本語', '<p>Gardening notes about tomatoes</p>')[0]).toBe('gardening-notes-about-tomatoes');
    expect(ghostSlugCandidates('日本語', '<p>日本語</p>')).toEqual([]);
  });

  it('signs HS256 with the hex-decoded secret, kid = id, aud /admin/, exp 5 minutes after iat', () => {
    const key = parseAdminApiKey(`6748592f4b9b7700010f6564:${'ab'.repeat(32)}`)!;
    const token = adminToken(key, Date.UTC(2026, 0, 1));
    const [header, payload, signature] = token.split('.') as [string, string, string];
    expect(JSON.parse(Buffer.from(header, 'base64url').toString())).toEqual({ alg: 'HS256', typ: 'JWT', kid: '6748592f4b9b7700010f6564' });
    const iat = Date.UTC(2026, 0, 1) / 1000;
    expect(JSON.parse(Buffer.from(payload, 'base64url').toString())).toEqual({ iat, exp: iat + 300, aud: '/admin/' });
    expect(signature).toBe(createHmac('sha256', Buffer.from('ab'.repeat(32), 'hex')).update(`${header}.${payload}`).digest('base64url'));
    for (const bad of ['', 'no-colon', 'id:xyz', 'id:abc', ':abcd', 'a b:abcd']) expect(parseAdminApiKey(bad)).toBeNull();
  });
});

describe('titled names, Forem tags and Telegraph path dates', () => {
  it('titles on one line within the limit; told apart by words of the text', () => {
    expect(titleLine('  A\n title  ', 128)).toBe('A title');
    expect(titleLine('x'.repeat(300), 256)).toHaveLength(256);
    const candidates = titledNameCandidates({ title: 'y'.repeat(300), html: '<p>Gardening gardening tomatoes</p>' }, 256);
    expect(candidates[1]).toBe(`${'y'.repeat(256 - ' (Gardening)'.length)} (Gardening)`);
    expect(candidates.every((name) => [...name].length <= 256)).toBe(true);
  });

  it('Forem tags: lower-case letters and digits, at most 4, none repeated', () => {
    expect(foremTags(['Web Dev', 'webdev', 'C++', 'Node.js', 'Éclair', 'six', 'seven'])).toEqual(['webdev', 'c', 'nodejs', 'eclair']);
  });

  it("Telegraph's path date, and the days a page made since an intent may carry", () => {
    expect(pathDay('Tea-at-its-best-12-15')).toBe('12-15');
    expect(pathDay('Tea-12-15-3')).toBe('12-15');
    expect(pathDay('Untitled')).toBeNull();
    const at = Date.UTC(2026, 11, 31, 23, 0);
    expect([...daysSince(at, at + 2 * 3600_000)!]).toEqual(['12-30', '12-31', '01-01', '01-02']);
    expect(daysSince(at - 400 * 24 * 3600_000, at)).toBeNull();
  });
});
