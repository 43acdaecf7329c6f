import { describe, expect, it } from 'vitest';
import { MAX_NESTING, MarkupNestingError, dokuWikiLinkTarget, escapeDokuWikiText, htmlToDokuWiki } from '../../src/engine/connectors/dokuwiki/html-to-dokuwiki';
import { rewriteDokuWikiLinks } from '../../src/engine/connectors/dokuwiki/link-rewrite';
import { pageIdCandidates, pageIdOf, sameWikiUser } from '../../src/engine/connectors/dokuwiki/page-id';

const doku = (html: string) => htmlToDokuWiki(html).text;

describe('HTML → DokuWiki syntax', () => {
  it('writes paragraphs, headings, formatting, links and images as a person writes a page', () => {
    const html = '<h2>About tea</h2><p>Green tea is <a href="https://tea.example/green?x=1">good <b>green</b> tea</a>, <strong>black</strong> is <em>strong</em>, <u>under</u>, <code>mono</code>, <del>gone</del>, H<sub>2</sub>O, x<sup>2</sup>.</p><p>Line one<br>line two</p><figure><img src="https://img.example/cup.png" alt="A {cup}"></figure><hr><h1>Top</h1><h6>Small</h6>';
    expect(doku(html)).toBe([
      '===== About tea =====',
      "Green tea is [[https://tea.example/green?x=1|good green tea]], **black** is //strong//, __under__, ''mono'', <del>gone</del>, H<sub>2</sub>O, x<sup>2</sup>.",
      'Line one\\\\ line two',
      '{{https://img.example/cup.png|A cup}}',
      '----',
      '====== Top ======',
      '== Small ==',
    ].join('\n\n'));
  });

  it('writes lists (two spaces a level, `*` and `-`), quotes, code blocks and simple tables', () => {
    expect(doku('<ul><li>one</li><li>two <b>bold</b><ul><li>nested</li></ul></li></ul><ol><li>first</li><li>second</li></ol>')).toBe(
      '  * one\n  * two **bold**\n    * nested\n\n  - first\n  - second',
    );
    expect(doku('<blockquote><p>A quote</p><p>Two</p><blockquote>inner</blockquote></blockquote><p>after</p>')).toBe('> A quote\n> Two\n>> inner\n\nafter');
    expect(doku('<blockquote><p>&gt; text</p></blockquote>')).toBe('> > text');
    expect(doku('<pre>  indented **x**\n  &lt;b&gt;</pre>')).toBe('<code>\n  indented **x**\n  <b>\n</code>');
    expect(doku('<table><tr><th>Name</th><th>A|B</th></tr><tr><td>x ^ y</td><td></td></tr></table>')).toBe('^ Name ^ A%%|%%B ^\n| x %%^%% y |   |');
  });

  it('links images, videos and addresses the wiki can show; other links keep their text', () => {
    expect(doku('<p><a href="https://y.example/"><img src="https://i.example/i.png" alt="pic"></a></p>')).toBe('[[https://y.example/|{{https://i.example/i.png|pic}}]]');
    expect(doku('<p><a href="//cdn.example/a b|c]]">x</a> <a href="/relative">rel</a> <a href="javascript:alert(1)">js</a> <a href="https://e.example/">]] tricky ]]</a></p>')).toBe(
      '[[https://cdn.example/a%20b%7Cc%5D%5D|x]] rel js [[https://e.example/|]\u200B] tricky ]\u200B]]]',
    );
    expect(doku('<p><img src="https://i.example/i.png?w=1" alt="q"></p>')).toBe('{{https://i.example/i.png?w=1?|q}}');
    const video = htmlToDokuWiki('<p>Watch <iframe src="https://video.example/v/1">fallback</iframe></p>');
    expect(video.text).toBe('Watch [[https://video.example/v/1]]');
    expect(video.notes).toEqual(['A video was turned into a link to the video: a wiki does not embed videos from other sites.']);
    expect(dokuWikiLinkTarget(' https://a.example/x y\n')).toBe('https://a.example/x%20y');
  });

  it('keeps wiki syntax in the text as text, wrapping only what the wiki would read', () => {
    expect(escapeDokuWikiText('Use **stars**, //slashes//, __under__ and \'\'mono\'\', [[x]] {{y}} ((z)) ~~NOTOC~~ \\\\ ==== ---- <b> 50% %% FIXME :-) ok')).toBe(
      "Use %%**%%stars%%**%%, %%//%%slashes%%//%%, %%__%%under%%__%% and %%''%%mono%%''%%, %%[[%%x]] %%{{%%y}} %%((%%z)) %%~~%%NOTOC%%~~%% %%\\\\%% %%====%% %%----%% %%<%%b> 50% <nowiki>%%</nowiki> %%FIXME%% %%:-)%% ok",
    );
    // Addresses the wiki would link by itself, whole.
    expect(escapeDokuWikiText('see https://bare.example/a?b=1 or www.example.com or ftp.example.org now')).toBe('see %%https://bare.example/a?b=1%% or %%www.example.com%% or %%ftp.example.org%% now');
    // Typography (-- …) and words containing a smiley's letters are left alone.
    expect(escapeDokuWikiText('a -- b... LOLLIPOP and/or')).toBe('a -- b... LOLLIPOP and/or');
    // What opens a quote or a table at the start of a line.
    expect(doku('<p>&gt; not a quote</p><p>| not a table</p>')).toBe('%%>%% not a quote\n\n%%|%% not a table');
  });

  it('wraps a smiley where the wiki would show one, and an address where a wrapped piece ends', () => {
    // After an acronym (`LOL`) or `3x4` the wiki's lexer reads on from there: a smiley of punctuation then shows.
    expect(escapeDokuWikiText('_LOL:-) 3x4:-) word:-)x')).toBe('_LOL%%:-)%% 3x4%%:-)%% word:-)x');
    expect(escapeDokuWikiText('__http://x.y and **www.a.b')).toBe('%%__%%%%http://x.y%% and %%**%%%%www.a.b%%');
    expect(doku('<table><tr><td><pre>a^b|c</pre></td></tr></table>')).toBe('| a%%^%%b%%|%%c |');
  });

  it('keeps pieces written next to each other from pairing into syntax', () => {
    expect(doku('<p><b>Hello.</b> <i>World!</i> <a href="https://x.example/">end.</a></p>')).toBe('**Hello.** //World!// [[https://x.example/|end.]]');
    // A forced break is followed by a space, whatever comes next.
    expect(doku('<p><sup>a<br></sup>b</p>')).toBe('<sup>a\\\\ </sup>b');
    expect(doku('<p><a href="https://x.example/">a]]]b</a></p>')).toBe('[[https://x.example/|a]\u200B]\u200B]b]]');
    // Formatting already in force changes nothing: the text runs on as one (`=)` is a smiley).
    expect(doku('<p><i>=<i>)</i></i></p>')).toBe('//%%=)%%//');
    // `:-` before `//` would be the smiley `:-/`.
    expect(doku('<p><i>see :-</i>x</p>')).toBe('//see :-%%%%//x');
    // Text of two elements runs on as one, escaped as one.
    expect(doku('<p><span>a*</span><span>*b</span></p>')).toBe('a%%**%%b');
    // Text ending in `*` before bold, a link's `]]` before a `]`.
    expect(doku('<p><b>a*</b>*b</p>')).toBe('**a*%%%%**%%%%*b');
    expect(doku('<p><a href="https://x.example/">x</a>] y</p>')).toBe('[[https://x.example/|x]]%%%%] y');
  });

  it('closes formatting at the end of a block and opens it again in the next', () => {
    expect(doku('<b><p>one</p><p>two</p></b>')).toBe('**one**\n\n**two**');
    expect(doku('<p><i>it<b>bo</b></i> <b></b>end</p>')).toBe('//it**bo**// end');
  });

  it('drops scripts and styles with their content', () => {
    expect(doku('<p>a<script>alert("x")</script><style>p{}</style> b</p>')).toBe('a b');
  });

  it('refuses an article nesting elements deeper than any real one, and goes on at the deepest list level past 16', () => {
    expect(() => doku('<div>'.repeat(MAX_NESTING + 1))).toThrow(MarkupNestingError);
    expect(doku(`${'<div>'.repeat(MAX_NESTING - 1)}deep${'</div>'.repeat(MAX_NESTING - 1)}`)).toBe('deep');
    const lines = doku(`${'<ul><li>x'.repeat(20)}${'</li></ul>'.repeat(20)}`).split('\n');
    expect(lines.map((line) => line.indexOf('*') / 2)).toEqual([...Array.from({ length: 16 }, (_, i) => i + 1), 16, 16, 16, 16]);
  });
});

/**
 * The conversion reads each character a bounded number of times whatever the article: these
 * 1 MB inputs (the worst cases of each escaping alternative, of the output's frames and of the
 * parser) finish, or the suite times out (a minute each: a quadratic conversion of 1 MB would take
 * hours). No time is measured; the outputs are checked whole.
 */
describe('HTML → DokuWiki on 1 MB hostile articles', { timeout: 60_000 }, () => {
  const M = 1_000_000;

  it('escapes runs of syntax characters', () => {
    expect(doku('<'.repeat(M))).toBe('%%<%%'.repeat(M));
    expect(doku(`<p>${'*'.repeat(M)}</p>`)).toBe('%%**%%'.repeat(M / 2));
    expect(doku(`<p>${'[['.repeat(M / 2)}</p>`)).toBe('%%[[%%'.repeat(M / 2));
    expect(doku(`<p>${'%'.repeat(M)}</p>`)).toBe('<nowiki>%%</nowiki>'.repeat(M / 2));
    expect(doku(`<p>${':-) '.repeat(M / 4)}</p>`)).toBe(Array.from({ length: M / 4 }, () => '%%:-)%%').join(' '));
  });

  it('reads words that almost start an address once', () => {
    for (const html of [`<p>${'1'.repeat(M)}x</p>`, `<p>${'a.'.repeat(M / 2)}</p>`, `<p>${'ww.'.repeat(M / 3)}</p>`, `<p>${'a+'.repeat(M / 2)}</p>`, `<p>www.${'a-'.repeat(M / 2)}</p>`]) {
      const out = doku(html);
      expect(out.length).toBeGreaterThan(M / 2);
      expect(out.length).toBeLessThan(M + 20);
    }
    expect(doku(`<p>http://${'a'.repeat(M)}</p>`)).toBe(`%%http://${'a'.repeat(M)}%%`);
  });

  it('converts 1 MB of markup: formatting, links, lists, tables, quotes and pieces of text', () => {
    expect(doku(`<p>${'<b>x</b>'.repeat(M / 8)}</p>`)).toBe('**x**'.repeat(M / 8).replace(/\*\*\*\*/g, '**%%%%**'));
    expect(doku(`<p>${'<a href="https://x.example/">a</a> '.repeat(M / 35)}</p>`).split('[[https://x.example/|a]]').length - 1).toBe(Math.floor(M / 35));
    expect(doku(`<ul>${'<li>x</li>'.repeat(M / 10)}</ul>`)).toBe(Array.from({ length: M / 10 }, () => '  * x').join('\n'));
    expect(doku(`<table>${'<tr><td>a</td><td>b</td></tr>'.repeat(M / 30)}</table>`).split('\n')).toHaveLength(Math.floor(M / 30));
    expect(doku(`<blockquote>${'<p>q</p>'.repeat(M / 8)}</blockquote>`)).toBe(Array.from({ length: M / 8 }, () => '> q').join('\n'));
    expect(doku(`<p>${'<span>*</span>'.repeat(M / 14)}</p>`).length).toBeLessThan(M / 4);
  });
});

describe('DokuWiki page ids and link addresses', () => {
  it('writes a title as the wiki cleans ids: lower case, accents off, `_` between words', () => {
    expect(pageIdOf('Tea & You: a <b>Guide</b>')).toBe('tea_you_a_guide');
    expect(pageIdOf('Über Café Straße')).toBe('ueber_cafe_strasse');
    expect(pageIdOf('İstanbul nights')).toBe('istanbul_nights');
    expect(pageIdOf('Москва зимой')).toBe('москва_зимой');
    expect(pageIdOf('  ---  ')).toBe('');
    expect(encodeURIComponent(pageIdOf('long '.repeat(100))).length).toBeLessThanOrEqual(180);
  });

  it('tells a name apart by a word of the text, then by two, never by a number', () => {
    const candidates = pageIdCandidates('Seed saving', '<p>Tomatoes ferment before drying. Tomatoes keep for years.</p>');
    expect(candidates.slice(0, 3)).toEqual(['seed_saving', 'seed_saving_tomatoes', 'seed_saving_ferment']);
    expect(candidates.every((candidate) => !/\d/.test(candidate))).toBe(true);
    expect(candidates).toContain('seed_saving_tomatoes_ferment');
  });

  it('compares user names as the wiki keeps them', () => {
    expect(sameWikiUser('Editor', 'editor')).toBe(true);
    expect(sameWikiUser('jane doe', 'jane_doe')).toBe(true);
    expect(sameWikiUser('editor', 'admin')).toBe(false);
    expect(sameWikiUser(undefined, 'admin')).toBe(false);
  });

  it('re-points the addresses of the links to `from`, keeping anchors and everything else', () => {
    const text = 'See [[https://dead.example/page|the guide]] and [[ https://dead.example/page ]], not [[https://keep.example/|this]] or %%https://dead.example/page%%. [[https://dead.example/page|x]]]';
    const { text: edited, changed } = rewriteDokuWikiLinks(text, [{ from: 'https://dead.example/page', to: 'https://live.example/a b' }]);
    expect(changed).toBe(3);
    expect(edited).toBe('See [[https://live.example/a%20b|the guide]] and [[ https://live.example/a%20b ]], not [[https://keep.example/|this]] or %%https://dead.example/page%%. [[https://live.example/a%20b|x]]]');
    expect(rewriteDokuWikiLinks(edited, [{ from: 'https://dead.example/page', to: 'https://live.example/a b' }])).toEqual({ text: edited, changed: 0 });
    // 1 MB of link openings and one closing: each opening is looked at once.
    expect(rewriteDokuWikiLinks(`${'[['.repeat(500_000)}]]`, [{ from: 'x', to: 'y' }]).changed).toBe(0);
  });
});

