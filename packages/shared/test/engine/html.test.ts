import { describe, expect, it } from 'vitest';
import { applyEdits, scanHtml } from '../../src/engine/html-scan';
import { decodeEntities, escapeHtml, textInHtmlPattern } from '../../src/engine/html-text';

const runTexts = (html: string) => scanHtml(html).runs.map((r) => ({ text: html.slice(r.start, r.end), inLink: r.inLink, skipped: r.skipped, paragraph: r.paragraph }));

describe('escapeHtml and decodeEntities', () => {
  it('escapes the five special characters and decodes them back', () => {
    const text = `<a href="x">Tom & Jerry's</a>`;
    expect(escapeHtml(text)).toBe('&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt;');
    expect(decodeEntities(escapeHtml(text))).toBe(text);
  });

  it('decodes numeric entities and a few named ones, keeps the rest', () => {
    expect(decodeEntities('&#169; &#xA9; &nbsp;&apos;&copy; &#0; &#xD800; &#1114112;')).toBe('© © \u00a0\'&copy; &#0; &#xD800; &#1114112;');
  });

  it('textInHtmlPattern finds text written with entities or other white space', () => {
    const find = (anchor: string, html: string) => new RegExp(textInHtmlPattern(anchor), 'iu').exec(html)?.[0] ?? null;
    expect(find("Tom & Jerry's", 'see Tom &amp; Jerry&#39;s show')).toBe('Tom &amp; Jerry&#39;s');
    expect(find("Tom & Jerry's", 'see TOM & JERRY’S show')).toBe('TOM & JERRY’S');
    expect(find('best shoes', 'the best&nbsp;shoes\n')).toBe('best&nbsp;shoes');
    expect(find('best shoes', 'the best\n  shoes')).toBe('best\n  shoes');
    expect(find('shoe', 'shoes')).toBeNull();
    expect(find('a.b (c)', 'x a.b (c) y')).toBe('a.b (c)');
    expect(find('$5', 'cost $5!')).toBe('$5');
    expect(find('5 < 6', 'if 5 &lt; 6')).toBe('5 &lt; 6');
  });
});

describe('scanHtml', () => {
  it('splits text from tags and knows links and skipped elements', () => {
    expect(runTexts('<p>One <a href="/x">two</a> <b>three</b></p><pre>four</pre><code>5</code>')).toEqual([
      { text: 'One ', inLink: false, skipped: false, paragraph: 0 },
      { text: 'two', inLink: true, skipped: false, paragraph: 0 },
      { text: ' ', inLink: false, skipped: false, paragraph: 0 },
      { text: 'three', inLink: false, skipped: false, paragraph: 0 },
      { text: 'four', inLink: false, skipped: true, paragraph: -1 },
      { text: '5', inLink: false, skipped: true, paragraph: -1 },
    ]);
  });

  it('never reads attributes as text, even with > inside quotes', () => {
    expect(runTexts('<p title="a > b. [link]" data-x=\'c > d\'>text</p>').map((r) => r.text)).toEqual(['text']);
  });

  it('takes script and style contents as raw skipped text', () => {
    expect(runTexts('<script>if (a < b) { x = "<p>"; }</script>after<style>p{}</style>')).toEqual([
      { text: 'if (a < b) { x = "<p>"; }', inLink: false, skipped: true, paragraph: -1 },
      { text: 'after', inLink: false, skipped: false, paragraph: -1 },
      { text: 'p{}', inLink: false, skipped: true, paragraph: -1 },
    ]);
    expect(runTexts('<script>never closed').map((r) => r.skipped)).toEqual([true]);
  });

  it('skips comments, doctypes and processing instructions, and keeps a stray < as text', () => {
    expect(runTexts('<!DOCTYPE html><!-- a <p> comment -->x<?php ?> 1 < 2 <3').map((r) => r.text).join('')).toBe('x 1 < 2 <3');
    expect(runTexts('text <!-- unclosed').map((r) => r.text)).toEqual(['text ']);
    expect(runTexts('<p class="unterminated').map((r) => r.text)).toEqual(['<p class="unterminated']);
  });

  it('finds paragraph bounds, explicit and implied', () => {
    const html = '<p>a</p><p>b<div>c</div><p> </p><p><img src="x"></p><p>e';
    const { paragraphs } = scanHtml(html);
    const before = (offset: number) => html.slice(Math.max(0, offset - 4), offset);
    expect(paragraphs.map((p) => [before(p.contentEnd), html.slice(p.contentEnd, p.after), p.hasText])).toEqual([
      ['<p>a', '</p>', true],
      ['<p>b', '', true],
      ['<p> ', '</p>', false],
      ['x">', '</p>', false].map((v, i) => (i === 0 ? '"x">' : v)),
      ['<p>e', '', true],
    ]);
    expect(paragraphs[4]!.contentEnd).toBe(html.length);
    expect(paragraphs.every((p) => !p.endsInLink)).toBe(true);
  });

  it('marks a paragraph whose end lies in an unclosed link', () => {
    const { paragraphs } = scanHtml('<p>x <a href="y">z</p><p>w</a></p>');
    expect(paragraphs.map((p) => [p.endsInLink, p.hasText])).toEqual([[true, true], [false, false]]);
  });

  it('tracks nested and unbalanced links without going negative', () => {
    expect(runTexts('</a>x<a>y<a>z</a>w</a>v').map((r) => r.inLink)).toEqual([false, true, true, true, false]);
  });

  it('counts void and self-closing skipped elements as no nesting', () => {
    expect(runTexts('<embed src="x"><iframe src="y"/>text').map((r) => r.skipped)).toEqual([false]);
  });

  it('reads 500 KB of tags never closed as text, without reading the rest of the text at each one', () => {
    // Each `<a` opens a tag no `>` closes: the scan once read to the end from every one of them.
    for (const unit of ['<a', '<a "', '<a ">"']) {
      const html = unit.repeat(Math.ceil(500_000 / unit.length));
      expect(runTexts(html)).toEqual([{ text: html, inLink: false, skipped: false, paragraph: -1 }]);
    }
    // A tag found after such a stretch is still a tag.
    expect(runTexts('<a "x <b>y').map((run) => run.text)).toEqual(['<a "x ', 'y']);
  });
});

describe('applyEdits', () => {
  it('applies insertions and replacements by offset, insertions first at one offset, in creation order', () => {
    const html = 'abcdef';
    expect(applyEdits(html, [
      { start: 6, end: 6, html: '!' },
      { start: 1, end: 3, html: 'X' },
      { start: 1, end: 1, html: '1' },
      { start: 1, end: 1, html: '2' },
      { start: 0, end: 0, html: '>' },
    ])).toBe('>a12Xdef!');
    expect(applyEdits(html, [])).toBe(html);
  });

  it('drops an edit overlapping an applied one', () => {
    expect(applyEdits('abcdef', [{ start: 1, end: 4, html: 'X' }, { start: 2, end: 3, html: 'Y' }, { start: 3, end: 3, html: 'Z' }])).toBe('aXef');
  });
});
