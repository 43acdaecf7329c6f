import { describe, expect, it } from 'vitest';
import {
  LINK_MESSAGES, LINK_URL_MAX_LENGTH, describeLineError, formatBatchLine, isLinkUrl, parseBatchLine, parseBatchLinks,
} from '../src/domain/batch-links';

describe('isLinkUrl: the spec URL pattern (http or https URLs, or hosts starting www.)', () => {
  it.each([
    'http://example.com', 'https://example.com', 'HTTPS://EXAMPLE.COM/Path', 'https://example.com/a/b?c=d#e',
    'http://localhost:8080/x', 'https://sub.example.co.uk/page.html', 'www.example.com', 'www.example.com/path?q=1',
    'http://192.168.1.10/', 'https://例子.测试/路径',
  ])('accepts %s', (url) => {
    expect(isLinkUrl(url)).toBe(true);
  });

  it.each([
    '', 'example.com', 'ftp://example.com', 'http://', 'https:///path', 'http:/example.com', 'www.', 'www./x',
    'javascript:alert(1)', 'http://exa mple.com', 'https://example.com/a b', ' https://example.com', 'mailto:a@b.c', 'wwwexample.com',
  ])('refuses %j', (url) => {
    expect(isLinkUrl(url)).toBe(false);
  });
});

describe('parseBatchLine', () => {
  it('reads URL, anchor and links on page separated by |x|', () => {
    expect(parseBatchLine('https://a.test/1|x|Buy shoes|x|12')).toEqual({ ok: true, link: { url: 'https://a.test/1', anchor: 'Buy shoes', linksOnPage: 12 } });
  });

  it('makes anchor and links on page optional', () => {
    expect(parseBatchLine('https://a.test/1')).toEqual({ ok: true, link: { url: 'https://a.test/1', anchor: '', linksOnPage: null } });
    expect(parseBatchLine('https://a.test/1|x|Anchor')).toEqual({ ok: true, link: { url: 'https://a.test/1', anchor: 'Anchor', linksOnPage: null } });
    expect(parseBatchLine('https://a.test/1|x||x|3')).toEqual({ ok: true, link: { url: 'https://a.test/1', anchor: '', linksOnPage: 3 } });
    expect(parseBatchLine('https://a.test/1|x|Anchor|x|')).toEqual({ ok: true, link: { url: 'https://a.test/1', anchor: 'Anchor', linksOnPage: null } });
  });

  it('trims every field and keeps single pipes and x inside anchors', () => {
    expect(parseBatchLine('  www.a.test  |x|  a | b x c  |x| 0 ')).toEqual({ ok: true, link: { url: 'www.a.test', anchor: 'a | b x c', linksOnPage: 0 } });
  });

  it('is case-sensitive about the separator (|X| is not one)', () => {
    expect(parseBatchLine('https://a.test|X|anchor')).toEqual({ ok: false, message: LINK_MESSAGES.urlInvalid });
  });

  it('skips empty and blank lines', () => {
    expect(parseBatchLine('')).toBeNull();
    expect(parseBatchLine('   \t ')).toBeNull();
  });

  it.each([
    ['|x|anchor', LINK_MESSAGES.urlRequired],
    ['   |x|anchor|x|3', LINK_MESSAGES.urlRequired],
    ['example.com|x|anchor', LINK_MESSAGES.urlInvalid],
    ['ftp://a.test|x|anchor', LINK_MESSAGES.urlInvalid],
    [`https://a.test/${'a'.repeat(LINK_URL_MAX_LENGTH)}`, LINK_MESSAGES.urlTooLong],
    [`https://a.test|x|${'b'.repeat(1025)}`, LINK_MESSAGES.anchorTooLong],
    ['https://a.test|x|a|x|-1', LINK_MESSAGES.linksOnPageInvalid],
    ['https://a.test|x|a|x|1.5', LINK_MESSAGES.linksOnPageInvalid],
    ['https://a.test|x|a|x|ten', LINK_MESSAGES.linksOnPageInvalid],
    ['https://a.test|x|a|x|1e3', LINK_MESSAGES.linksOnPageInvalid],
    ['https://a.test|x|a|x|1000001', LINK_MESSAGES.linksOnPageInvalid],
    ['https://a.test|x|a|x|99999999', LINK_MESSAGES.linksOnPageInvalid],
    ['https://a.test|x|a|x|3|x|extra', LINK_MESSAGES.tooManyFields],
  ])('refuses %j: %s', (line, message) => {
    expect(parseBatchLine(line)).toEqual({ ok: false, message });
  });

  it('accepts the largest links-on-page count', () => {
    expect(parseBatchLine('https://a.test|x|a|x|1000000')).toMatchObject({ ok: true, link: { linksOnPage: 1_000_000 } });
  });
});

describe('parseBatchLinks: any line-break style, numbered errors', () => {
  const lines = ['https://a.test/1|x|One|x|1', 'https://a.test/2|x|Two', 'www.a.test/3'];
  const expected = [
    { url: 'https://a.test/1', anchor: 'One', linksOnPage: 1 },
    { url: 'https://a.test/2', anchor: 'Two', linksOnPage: null },
    { url: 'www.a.test/3', anchor: '', linksOnPage: null },
  ];

  it.each([['\\n', '\n'], ['\\r\\n', '\r\n'], ['\\r', '\r']])('splits lines broken by %s', (_name, br) => {
    expect(parseBatchLinks(lines.join(br))).toEqual({ links: expected, errors: [] });
    expect(parseBatchLinks(lines.join(br) + br)).toEqual({ links: expected, errors: [] });
  });

  it('splits a text mixing every break style', () => {
    expect(parseBatchLinks(`${lines[0]}\r\n${lines[1]}\r${lines[2]}\n`)).toEqual({ links: expected, errors: [] });
  });

  it('skips empty lines but keeps counting them, so error numbers match the text', () => {
    const text = ['', 'https://ok.test', '   ', 'bad url', '\t', 'https://ok.test|x|a|x|x'].join('\r\n');
    expect(parseBatchLinks(text)).toEqual({
      links: [{ url: 'https://ok.test', anchor: '', linksOnPage: null }],
      errors: [{ line: 4, message: LINK_MESSAGES.urlInvalid }, { line: 6, message: LINK_MESSAGES.linksOnPageInvalid }],
    });
  });

  it('counts \\r\\n as one break, not two', () => {
    expect(parseBatchLinks('bad\r\nbad\r\nbad').errors.map((e) => e.line)).toEqual([1, 2, 3]);
  });

  it('gives nothing for an empty or blank text', () => {
    expect(parseBatchLinks('')).toEqual({ links: [], errors: [] });
    expect(parseBatchLinks('\n\r\n  \r')).toEqual({ links: [], errors: [] });
  });

  it('keeps duplicates: a link set may list a URL twice with different anchors', () => {
    expect(parseBatchLinks('https://a.test|x|one\nhttps://a.test|x|two').links).toHaveLength(2);
  });
});

describe('formatBatchLine and describeLineError', () => {
  it('writes what parseBatchLine reads', () => {
    for (const link of [
      { url: 'https://a.test', anchor: 'A', linksOnPage: 4 },
      { url: 'https://a.test', anchor: 'A', linksOnPage: null },
      { url: 'https://a.test', anchor: '', linksOnPage: null },
      { url: 'https://a.test', anchor: '', linksOnPage: 0 },
    ]) {
      expect(parseBatchLine(formatBatchLine(link))).toEqual({ ok: true, link });
    }
    expect(formatBatchLine({ url: 'https://a.test', anchor: '', linksOnPage: null })).toBe('https://a.test');
  });

  it('names the line', () => {
    expect(describeLineError({ line: 3, message: LINK_MESSAGES.urlRequired })).toBe('Line 3: Please enter the url');
  });
});
