import { describe, expect, it } from 'vitest';
import { filenameFromContentDisposition } from './content-disposition';

describe('filenameFromContentDisposition', () => {
  it('reads a quoted filename', () => {
    expect(filenameFromContentDisposition('attachment; filename="backlinks 12.csv"')).toBe('backlinks 12.csv');
  });

  it('reads an unquoted filename, case-insensitively', () => {
    expect(filenameFromContentDisposition('attachment; FileName=accounts.zip')).toBe('accounts.zip');
  });

  it("prefers filename*=UTF-8'' and decodes it", () => {
    const header = `attachment; filename="fallback.csv"; filename*=UTF-8''%C3%A4rger%20links.csv`;
    expect(filenameFromContentDisposition(header)).toBe('ärger links.csv');
  });

  it('reads filename* when it comes first and filename second', () => {
    expect(filenameFromContentDisposition(`attachment; filename*=utf-8'en'r%C3%A9sum%C3%A9.txt; filename="resume.txt"`)).toBe('résumé.txt');
  });

  it('decodes ISO-8859-1 extended values', () => {
    expect(filenameFromContentDisposition(`attachment; filename*=iso-8859-1''caf%E9.csv`)).toBe('café.csv');
  });

  it('falls back to filename when filename* is malformed', () => {
    expect(filenameFromContentDisposition(`attachment; filename*=UTF-8''%E0%A4%A; filename="plain.csv"`)).toBe('plain.csv');
  });

  it('keeps semicolons and escaped quotes inside quoted values', () => {
    expect(filenameFromContentDisposition('attachment; filename="a;b \\"c\\".csv"')).toBe('a;b "c".csv');
  });

  it('drops any directory part', () => {
    expect(filenameFromContentDisposition('attachment; filename="../../etc/passwd"')).toBe('passwd');
    expect(filenameFromContentDisposition('attachment; filename="C:\\\\temp\\\\x.csv"')).toBe('x.csv');
  });

  it('gives null when no name is given', () => {
    expect(filenameFromContentDisposition(null)).toBeNull();
    expect(filenameFromContentDisposition('inline')).toBeNull();
    expect(filenameFromContentDisposition('attachment; filename=""')).toBeNull();
  });
});
