import { describe, expect, it } from 'vitest';
import { ARTICLE_IMPORT_MESSAGES, articleFromText, looksLikeText, titleFromFileName } from '../src/domain/article-import';

describe('articleFromText with the title on the first line', () => {
  it('takes the first line as title and the rest as body, any break style', () => {
    expect(articleFromText('a.txt', 'Title\nBody line 1\nBody line 2', 'firstLine')).toEqual({ ok: true, title: 'Title', body: 'Body line 1\nBody line 2' });
    expect(articleFromText('a.txt', 'Title\r\nBody', 'firstLine')).toEqual({ ok: true, title: 'Title', body: 'Body' });
    expect(articleFromText('a.txt', 'Title\rBody', 'firstLine')).toEqual({ ok: true, title: 'Title', body: 'Body' });
  });
  it('skips leading blank lines and a byte-order mark, trims the parts', () => {
    expect(articleFromText('a.txt', '\uFEFF\n\n  Title  \n\n Body \n\n', 'firstLine')).toEqual({ ok: true, title: 'Title', body: 'Body' });
  });
  it('reports empty files and titles without a body', () => {
    expect(articleFromText('a.txt', '', 'firstLine')).toEqual({ ok: false, message: ARTICLE_IMPORT_MESSAGES.empty });
    expect(articleFromText('a.txt', ' \n\r\n\t', 'firstLine')).toEqual({ ok: false, message: ARTICLE_IMPORT_MESSAGES.empty });
    expect(articleFromText('a.txt', 'Only a title\n', 'firstLine')).toEqual({ ok: false, message: ARTICLE_IMPORT_MESSAGES.noBody });
  });
  it('refuses over-long titles', () => {
    expect(articleFromText('a.txt', `${'t'.repeat(1001)}\nbody`, 'firstLine')).toEqual({ ok: false, message: ARTICLE_IMPORT_MESSAGES.titleTooLong });
    expect(articleFromText('a.txt', `${'t'.repeat(1000)}\nbody`, 'firstLine').ok).toBe(true);
  });
});

describe('articleFromText with the title from the file name', () => {
  it('uses the name without folders and extension, and the whole text as body', () => {
    expect(articleFromText('dir/sub/My post.txt', 'Line 1\nLine 2', 'fileName')).toEqual({ ok: true, title: 'My post', body: 'Line 1\nLine 2' });
  });
  it('reports an empty file', () => {
    expect(articleFromText('a.txt', '\n', 'fileName')).toEqual({ ok: false, message: ARTICLE_IMPORT_MESSAGES.empty });
  });
});

describe('titleFromFileName and looksLikeText', () => {
  it('strips folders and the last extension only', () => {
    expect(titleFromFileName('a\\b\\c.d.txt')).toBe('c.d');
    expect(titleFromFileName('.hidden')).toBe('.hidden');
    expect(titleFromFileName('noext')).toBe('noext');
  });
  it('spots NUL bytes and invalid UTF-8', () => {
    expect(looksLikeText('héllo wörld\n')).toBe(true);
    expect(looksLikeText('PK\u0003\u0004\u0000')).toBe(false);
    expect(looksLikeText(Buffer.from([0xff, 0xfe, 0x41]).toString('utf8'))).toBe(false);
  });
});
