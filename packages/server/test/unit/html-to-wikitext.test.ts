import { describe, expect, it } from 'vitest';
import { escapeWikiText, externalLinkTarget, htmlToWikitext } from '../../src/engine/connectors/mediawiki/html-to-wikitext';
import { legacyPageTitle } from '../../src/engine/runner/legacy-names';
import { articleUrl } from '../../src/engine/connectors/mediawiki/mediawiki-api';

const wiki = (html: string) => htmlToWikitext(html).wikitext;

describe('HTML → wikitext', () => {
  it('turns links into external links with their anchor, inside running text', () => {
    expect(wiki('<p>Read <a href="https://example.com/page?a=1&amp;b=2">the guide</a> today.</p>')).toBe('Read [https://example.com/page?a=1&b=2 the guide] today.');
  });

  it('keeps bold and italic inside an anchor, and uses the address when the anchor is empty', () => {
    expect(wiki('<p><a href="https://a.example/"><strong>Big</strong> <em>deal</em></a> and <a href="https://b.example/x"></a></p>')).toBe(
      "[https://a.example/ '''Big''' ''deal''] and [https://b.example/x https&#58;//b.example/x]",
    );
  });

  it('percent-encodes what would end or break a link target, and drops line breaks in it', () => {
    expect(externalLinkTarget('https://ex.com/a b?q=[1]|{x}\n')).toBe('https://ex.com/a%20b?q=%5B1%5D%7C%7Bx%7D');
    expect(wiki('<a href="//cdn.example/x">cdn</a>')).toBe('[https://cdn.example/x cdn]');
  });

  it('leaves links that are not web addresses as their text', () => {
    expect(wiki('<p><a href="/relative">here</a> and <a href="javascript:alert(1)">there</a></p>')).toBe('here and there');
  });

  it('escapes text so that nothing in the article becomes wiki markup', () => {
    const text = "{{delete}} [[Main Page]] ''x'' ~~~~ __NOTOC__ <b>not</b> http://free.example | a";
    const out = wiki(`<p>${text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')}</p>`);
    expect(out).not.toMatch(/\{\{|\[\[|''|~~~|__|<b>|http:\/\/|\|/);
    expect(escapeWikiText('a & b')).toBe('a &amp; b');
  });

  it('escapes characters that start wiki syntax at the start of a line', () => {
    expect(wiki('<p>* not a list</p><p># nor this</p><p>= nor a heading =</p><p>  indented</p>')).toBe('&#42; not a list\n\n&#35; nor this\n\n&#61; nor a heading =\n\nindented');
  });

  it('gives paragraphs, headings, line breaks and rules their wiki form', () => {
    expect(wiki('<h2>Part <i>one</i></h2><p>a<br>b</p><hr><h3>Two</h3><p>c</p>')).toBe("== Part ''one'' ==\n\na<br />b\n\n----\n\n=== Two ===\n\nc");
  });

  it('writes nested lists with their markers', () => {
    expect(wiki('<ul><li>one</li><li>two<ol><li>inner <b>b</b></li></ol></li><li>three</li></ul><p>after</p>')).toBe("* one\n* two\n*# inner '''b'''\n* three\n\nafter");
  });

  it('turns images and videos into links and says so', () => {
    const result = htmlToWikitext('<figure><img src="https://img.example/p.png" alt="A cat"></figure><figure><iframe src="https://www.youtube.com/embed/abc"></iframe></figure><img src="data:image/png;base64,AAA">');
    expect(result.wikitext).toBe('[https://img.example/p.png Image: A cat]\n\n[https://www.youtube.com/embed/abc Video]');
    expect(result.notes).toEqual([
      '2 images were turned into a link to the image: a wiki does not show images from other sites.',
      'A video was turned into a link to the video: a wiki does not embed videos from other sites.',
    ]);
  });

  it('keeps a linked image as the link with the image’s label', () => {
    expect(wiki('<a href="https://shop.example/"><img src="https://img.example/a.png" alt="Shop"></a>')).toBe('[https://shop.example/ Image: Shop]');
  });

  it('writes tables, quotes and preformatted text, and drops scripts with their content', () => {
    expect(wiki('<table><tr><th>Name</th><td>a|b</td></tr></table><blockquote><p>Quoted</p></blockquote><pre>x < y\n  z</pre><script>alert(1)</script><style>p{}</style>')).toBe(
      '{| class="wikitable"\n|-\n! Name\n| a&#124;b\n|}\n\n<blockquote>Quoted</blockquote>\n\n<pre>x &lt; y\n  z</pre>',
    );
  });

  it('treats unknown tags named like object members as plain containers', () => {
    expect(wiki('<p>a <constructor>b</constructor> <tostring>c</tostring> <b>d</b> <em>e</em> <code>f</code></p>')).toBe("a b c '''d''' ''e'' <code>f</code>");
  });

  it('reads a plain-text article and HTML that leaves elements open', () => {
    expect(wiki('Just text')).toBe('Just text');
    expect(wiki('<p>open <a href="https://x.example/">link')).toBe('open [https://x.example/ link]');
  });
});

describe('MediaWiki page titles and addresses', () => {
  it('still knows the titles versions before 0038 derived from the key (looked up for a post they left publishing)', () => {
    expect(legacyPageTitle('i7f3a-p1-r2-s3-n4')).toBe('LL-i7f3a-p1-r2-s3-n4');
    const hashed = legacyPageTitle('key with spaces/and#hash');
    expect(hashed).toMatch(/^LL-[0-9a-f]{32}$/);
    expect(legacyPageTitle('key with spaces/and#hash')).toBe(hashed);
  });

  it('builds an article URL the way the wiki does', () => {
    expect(articleUrl({ server: 'http://127.0.0.1:8080', articlepath: '/index.php/$1' }, 'LL-i1 p/2:x')).toBe('http://127.0.0.1:8080/index.php/LL-i1_p/2:x');
    expect(articleUrl({ server: '//wiki.example', articlepath: '/wiki/$1' }, 'Ä?')).toBe('https://wiki.example/wiki/%C3%84%3F');
  });
});
