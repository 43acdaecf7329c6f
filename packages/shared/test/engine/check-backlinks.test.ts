import { describe, expect, it } from 'vitest';
import { backlinkUrlKey, checkBacklinks, sameAnchorText } from '../../src/engine/check-backlinks';
import { summariseBacklinks } from '../../src/engine/backlink-summary';

const PAGE = 'https://blog.example/2024/05/my-post/';
const one = (html: string, url = 'https://target.example/page', anchor = 'best shoes', robotsHeader?: string) =>
  checkBacklinks(html, PAGE, [{ url, anchor }], { robotsHeader }).results[0]!;

describe('backlinkUrlKey', () => {
  it('ignores scheme, host case, trailing dot, default port, trailing slash, fragment and escaped unreserved characters', () => {
    const key = backlinkUrlKey('https://target.example/a/b');
    for (const same of ['http://TARGET.example/a/b/', 'https://target.example:443/a/b#top', 'https://target.example./a/b', 'https://target.example/a/%62', 'https://Target.Example/a//b'.replace('//b', '/b')]) {
      expect(backlinkUrlKey(same)).toBe(key);
    }
    expect(backlinkUrlKey('https://target.example')).toBe(backlinkUrlKey('https://target.example/'));
  });

  it('keeps path case, the query and reserved escapes significant', () => {
    const key = backlinkUrlKey('https://target.example/a/b');
    expect(backlinkUrlKey('https://target.example/A/b')).not.toBe(key);
    expect(backlinkUrlKey('https://target.example/a/b?x=1')).not.toBe(key);
    expect(backlinkUrlKey('https://target.example/a%2Fb')).not.toBe(backlinkUrlKey('https://target.example/a/b'));
    expect(backlinkUrlKey('https://target.example/a%2fb')).toBe(backlinkUrlKey('https://target.example/a%2Fb'));
  });

  it('resolves relative references against a base and refuses non-http URLs', () => {
    expect(backlinkUrlKey('../x', PAGE)).toBe('blog.example/2024/05/x');
    expect(backlinkUrlKey('/x', PAGE)).toBe('blog.example/x');
    expect(backlinkUrlKey('//cdn.example/y', PAGE)).toBe('cdn.example/y');
    expect(backlinkUrlKey('mailto:a@b.example')).toBeNull();
    expect(backlinkUrlKey('javascript:void(0)', PAGE)).toBeNull();
    expect(backlinkUrlKey('not a url')).toBeNull();
  });
});

describe('sameAnchorText', () => {
  it('ignores case, white space and WordPress typography', () => {
    expect(sameAnchorText('Best  Shoes', 'best shoes')).toBe(true);
    expect(sameAnchorText("don't stop -- now...", 'Don&#8217;t&nbsp;stop &#8211; now&#8230;')).toBe(true);
    expect(sameAnchorText('"quoted" 3x4', '&ldquo;quoted&rdquo; 3&#215;4')).toBe(true);
    expect(sameAnchorText('best shoe', 'best shoes')).toBe(false);
  });
});

describe('checkBacklinks', () => {
  it('finds an absolute dofollow link with its anchor', () => {
    const result = one('<p>Read <a href="https://target.example/page">best shoes</a> today.</p>');
    expect(result).toEqual({
      url: 'https://target.example/page', expectedAnchor: 'best shoes', state: 'OK', anchorMatches: true,
      found: [{ href: 'https://target.example/page', anchor: 'best shoes', rel: [], dofollow: true }],
    });
  });

  it('matches relative hrefs against the page URL and <base href>', () => {
    expect(one('<a href="/page">best shoes</a>', 'https://blog.example/page').state).toBe('OK');
    expect(one('<a href="../other">best shoes</a>', 'https://blog.example/2024/05/other/').state).toBe('OK');
    expect(one('<head><base href="https://target.example/dir/"></head><a href="page">best shoes</a>', 'https://target.example/dir/page').state).toBe('OK');
    expect(one('<a href="page">best shoes</a>', 'https://target.example/dir/page').state).toBe('MISSING');
  });

  it('accepts a trailing slash, host case and entities in the href', () => {
    expect(one('<a href="HTTPS://Target.Example/page/">best shoes</a>').state).toBe('OK');
    expect(one('<a href="https://target.example/page?a=1&amp;b=2">best shoes</a>', 'https://target.example/page?a=1&b=2').state).toBe('OK');
    expect(one("<a href='https://target.example/page' >best shoes</a>").state).toBe('OK');
    expect(one('<a href=https://target.example/page>best shoes</a>').state).toBe('OK');
  });

  it('reports nofollow, ugc and sponsored links as NOFOLLOW, other rel tokens as followed', () => {
    for (const rel of ['nofollow', 'ugc', 'SPONSORED', 'noopener nofollow noreferrer']) {
      const result = one(`<a rel="${rel}" href="https://target.example/page">best shoes</a>`);
      expect(result.state).toBe('NOFOLLOW');
      expect(result.found[0]!.dofollow).toBe(false);
    }
    expect(one('<a href="https://target.example/page" rel="noopener noreferrer" target="_blank">best shoes</a>').state).toBe('OK');
  });

  it('prefers a followed copy when the link appears more than once', () => {
    const result = one('<a rel="nofollow" href="https://target.example/page">x</a> <a href="https://target.example/page">best shoes</a>');
    expect(result.state).toBe('OK');
    expect(result.found.map((link) => link.anchor)).toEqual(['x', 'best shoes']);
  });

  it('honours a robots meta tag and the X-Robots-Tag header', () => {
    expect(one('<meta name="robots" content="index, nofollow"><a href="https://target.example/page">best shoes</a>').state).toBe('NOFOLLOW');
    expect(one('<meta name="ROBOTS" content="none"><a href="https://target.example/page">best shoes</a>').state).toBe('NOFOLLOW');
    expect(one('<meta name="robots" content="index, follow"><a href="https://target.example/page">best shoes</a>').state).toBe('OK');
    expect(one('<a href="https://target.example/page">best shoes</a>', undefined, undefined, 'googlebot: nofollow').state).toBe('NOFOLLOW');
    expect(one('<a href="https://target.example/page">best shoes</a>', undefined, undefined, 'noarchive').state).toBe('OK');
  });

  it('reads anchor text through nested tags and entities, or an image alt', () => {
    const result = one('<a href="https://target.example/page"><strong>Best</strong>&nbsp;<em>shoes</em> &amp; more</a>', undefined, 'best shoes & more');
    expect(result.found[0]!.anchor).toBe('Best shoes & more');
    expect(result.anchorMatches).toBe(true);
    expect(one('<a href="https://target.example/page"><img src="x.png" alt=" Best shoes "></a>').found[0]!.anchor).toBe('Best shoes');
    const other = one('<a href="https://target.example/page">cheap boots</a>');
    expect(other).toMatchObject({ state: 'OK', anchorMatches: false });
  });

  it('ignores links in comments, scripts, styles, templates and textareas', () => {
    const html = [
      '<!-- <a href="https://target.example/page">best shoes</a> -->',
      '<script>document.write(\'<a href="https://target.example/page">best shoes</a>\')</script>',
      '<style>/* <a href="https://target.example/page"> */</style>',
      '<template><a href="https://target.example/page">best shoes</a></template>',
      '<textarea><a href="https://target.example/page">best shoes</a></textarea>',
      '<a name="no-href">best shoes</a>',
    ].join('\n');
    expect(one(html).state).toBe('MISSING');
    expect(one(`${html}<a href="https://target.example/page">best shoes</a>`).state).toBe('OK');
  });

  it('survives malformed markup: a < in text, an unclosed <a>, nested <a>, quotes with >', () => {
    expect(one('<p>1 < 2 <a title="a>b" href="https://target.example/page">best shoes').found[0]!.anchor).toBe('best shoes');
    const nested = checkBacklinks('<a href="https://a.example/">one <a href="https://b.example/">two</a>', PAGE, [
      { url: 'https://a.example', anchor: 'one' }, { url: 'https://b.example', anchor: 'two' },
    ]);
    expect(nested.results.map((r) => [r.state, r.found[0]?.anchor])).toEqual([['OK', 'one'], ['OK', 'two']]);
    expect(one('<a href="https://target.example/page"').state).toBe('MISSING');
    expect(checkBacklinks('', PAGE, []).results).toEqual([]);
  });

  it('reads tag names as HTML does: any case, custom names, a < before a non-letter is text', () => {
    expect(one('<P><A HREF="https://target.example/page" REL="NoFollow">best shoes</A></P>').state).toBe('NOFOLLOW');
    expect(one('<a\nhref="https://target.example/page"\n>best <my-tag:x>shoes</my-tag:x></a >').found[0]!.anchor).toBe('best shoes');
    expect(one('<a href="https://target.example/page">best <3 shoes< /a></a>').found[0]!.anchor).toBe('best <3 shoes< /a>');
    expect(one('<ab href="https://target.example/page">best shoes</ab>').state).toBe('MISSING');
    expect(one('<SCRIPT><a href="https://target.example/page">x</a></Script><a href="https://target.example/page">best shoes</a>').found.map((f) => f.anchor)).toEqual(['best shoes']);
    expect(one('<a href="https://target.example/page">best shoes<').found[0]!.anchor).toBe('best shoes<');
  });

  it('reads a scheme-less www. link of a link set as a web address', () => {
    expect(one('<a href="https://www.target.example/page">best shoes</a>', 'www.target.example/page').state).toBe('OK');
    expect(one('<a href="http://www.target.example/">best shoes</a>', ' WWW.target.example ').state).toBe('OK');
  });

  it('does not count other pages of the same site', () => {
    expect(one('<a href="https://target.example/page-2">best shoes</a><a href="https://target.example/">best shoes</a>').state).toBe('MISSING');
  });
});

describe('summariseBacklinks', () => {
  const page = '<a href="https://a.example/">Alpha</a><a rel="ugc nofollow" href="https://b.example/">Beta</a>';
  const summary = (expected: { url: string; anchor: string }[], html = page) => summariseBacklinks(checkBacklinks(html, PAGE, expected));

  it('is OK with one line per link when all are followed', () => {
    expect(summary([{ url: 'https://a.example', anchor: 'alpha' }])).toEqual({ status: 'OK', info: 'https://a.example: dofollow, anchor "Alpha"' });
  });

  it('is NOFOLLOW when one is not followed, MISSING before that when one is absent', () => {
    expect(summary([{ url: 'https://a.example', anchor: 'Alpha' }, { url: 'https://b.example', anchor: 'Beta' }])).toEqual({
      status: 'NOFOLLOW', info: 'https://a.example: dofollow, anchor "Alpha"\nhttps://b.example: rel="ugc nofollow", anchor "Beta"',
    });
    expect(summary([{ url: 'https://b.example', anchor: 'Beta' }, { url: 'https://c.example', anchor: 'Gamma' }]).status).toBe('MISSING');
    expect(summary([{ url: 'https://c.example', anchor: 'Gamma' }]).info).toBe('https://c.example: not found on the page');
  });

  it('says which anchor was expected when another one was found, and names a robots nofollow', () => {
    expect(summary([{ url: 'https://a.example', anchor: 'Omega' }]).info).toBe('https://a.example: dofollow, anchor "Alpha" (expected "Omega")');
    expect(summary([{ url: 'https://a.example', anchor: 'Alpha' }], `<meta name="robots" content="nofollow">${page}`).info).toBe('https://a.example: nofollow (robots), anchor "Alpha"');
  });

  it('calls a page without placed links OK and keeps the text short', () => {
    expect(summary([])).toEqual({ status: 'OK', info: 'The page is live (no links were placed in this post)' });
    const many = Array.from({ length: 200 }, (_, i) => ({ url: `https://missing${i}.example/some/long/path`, anchor: 'x' }));
    expect(summary(many).info.length).toBeLessThanOrEqual(2000);
  });
});

describe('links the page tagged with its own site (Ghost outbound link tagging)', () => {
  // Measured on a real Ghost 5.130.4: a link placed as https://tea.example/green?x=1&y=2 is shown
  // as https://tea.example/green?x=1&y=2&ref=<the blog's host>.
  it('counts a link whose only addition is ref=<this site>, anywhere in the query, www. or not', () => {
    expect(one('<a href="https://target.example/page?ref=blog.example">best shoes</a>').state).toBe('OK');
    expect(one('<p><a href="https://target.example/page?ref=www.blog.example">best shoes</a></p>').state).toBe('OK');
    const withQuery = one('<a href="https://target.example/green?x=1&amp;y=2&amp;ref=blog.example">best shoes</a>', 'https://target.example/green?x=1&y=2');
    expect(withQuery.state).toBe('OK');
    expect(withQuery.found[0]!.href).toBe('https://target.example/green?x=1&y=2&ref=blog.example');
    expect(one('<a href="https://target.example/page?ref=blog.example" rel="nofollow">best shoes</a>').state).toBe('NOFOLLOW');
  });

  it('does not count a ref naming another site, two refs, another change of the query, or a placed ref that differs', () => {
    expect(one('<a href="https://target.example/page?ref=elsewhere.example">best shoes</a>').state).toBe('MISSING');
    expect(one('<a href="https://target.example/page?ref=blog.example&amp;ref=blog.example">best shoes</a>').state).toBe('MISSING');
    expect(one('<a href="https://target.example/page?ref=blog.example&amp;x=2">best shoes</a>').state).toBe('MISSING');
    expect(one('<a href="https://target.example/page?ref=blog.example">best shoes</a>', 'https://target.example/page?ref=partner').state).toBe('MISSING');
    // A link placed with that very ref is matched as it is.
    expect(one('<a href="https://target.example/page?ref=blog.example">best shoes</a>', 'https://target.example/page?ref=blog.example').state).toBe('OK');
  });
});
