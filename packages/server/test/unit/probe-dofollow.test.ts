import { describe, expect, it } from 'vitest';
import { linksFollowed, outboundLinks } from '../../src/engine/site-verifier/probe-dofollow';

const PAGE = 'https://wiki.example.org/Main_Page';
const page = (body: string, head = '') => `<!doctype html><html><head>${head}</head><body>${body}</body></html>`;

describe('linksFollowed (what the verifier finds for the Dofollow column, issue 39 item 5)', () => {
  it('counts outbound text links: a rel of nofollow, ugc or sponsored is not followed', () => {
    const html = page([
      '<a href="https://a.example.com/x" rel="nofollow">A</a>',
      "<a class=urlextern href='https://b.example.com/' rel='ugc nofollow'>B</a>",
      '<a href="https://c.example.com/" rel="sponsored noopener">C</a>',
      '<a href="https://d.example.com/" rel="noopener">D</a>',
    ].join(''));
    expect(outboundLinks(html, PAGE)).toEqual({ outbound: 4, followed: 1 });
    expect(linksFollowed(html, PAGE)).toBe(false);
  });

  it('says true when most outbound links are followed (a WordPress page)', () => {
    const html = page('<p><a href="https://docs.example.com/guide">guide</a> and <a href="http://other.example.net/">other</a></p><a href="https://x.example/" rel="nofollow">x</a>');
    expect(linksFollowed(html, 'https://blog.example.com/')).toBe(true);
  });

  it("leaves out the site's own links, other schemes, and links that only wrap an image (badges)", () => {
    const html = page([
      '<a href="/wiki/Help">Help</a>',
      '<a href="https://www.wiki.example.org/x">own, www</a>',
      '<a href="https://files.wiki.example.org/x">own subdomain</a>',
      '<a href="mailto:me@example.com">mail</a>',
      '<a href="https://www.mediawiki.org/"><img src="/powered.png" alt="Powered by MediaWiki"></a>',
    ].join(''));
    expect(outboundLinks(html, PAGE)).toEqual({ outbound: 0, followed: 0 });
    expect(linksFollowed(html, PAGE)).toBeNull();
  });

  it("leaves out the page's chrome: a theme's footer credit, header and nav links say nothing of a post's links", () => {
    // A fresh WordPress blog (Twenty Twenty-Three): the only outbound link is the footer's credit, nofollow.
    const html = page([
      '<header><nav><a href="https://partner.example.net/">Partner</a></nav></header>',
      '<main><article><p>First post <a href="/hello-world/">read on</a></p></article></main>',
      '<footer class="wp-block-template-part"><p>Proudly powered by <a href="https://wordpress.org" rel="nofollow">WordPress</a></p></footer>',
    ].join(''));
    expect(outboundLinks(html, 'https://blog.example.com/')).toEqual({ outbound: 0, followed: 0 });
    expect(linksFollowed(html, 'https://blog.example.com/')).toBeNull();
    // The post's own outbound links still count, before and after the chrome.
    const withLinks = html.replace('read on</a>', 'read on</a> <a href="https://source.example.org/">source</a>') + '<aside><a href="https://ad.example/" rel="sponsored">ad</a></aside>';
    expect(outboundLinks(withLinks, 'https://blog.example.com/')).toEqual({ outbound: 1, followed: 1 });
  });

  it('reads links in one pass: comments, scripts and unclosed tags neither count nor slow it down', () => {
    const html = page([
      '<!-- <a href="https://commented.example/">old</a> -->',
      '<script>document.write(\'<a href="https://scripted.example/">x</a>\')</script>',
      '<a href="https://real.example/">real</a>',
    ].join(''));
    expect(outboundLinks(html, PAGE)).toEqual({ outbound: 1, followed: 1 });
    // A hostile page of unclosed anchors (quadratic for a pattern that looks for each one's end).
    const hostile = page('<a href="https://x.example/">'.repeat(60_000) + 'text');
    expect(outboundLinks(hostile, PAGE)).toEqual({ outbound: 1, followed: 1 });
  });

  it('reads a page-wide robots nofollow as not followed', () => {
    expect(linksFollowed(page('<a href="https://a.example.com/">A</a>', '<meta content="index, nofollow" name="robots">'), PAGE)).toBe(false);
    expect(linksFollowed(page('<a href="https://a.example.com/">A</a>', '<meta name="robots" content="index, follow">'), PAGE)).toBe(true);
  });
});
