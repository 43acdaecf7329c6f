import { describe, expect, it } from 'vitest';
import { readCookie } from './cookies';

describe('readCookie', () => {
  it('finds a cookie among others and decodes it', () => {
    expect(readCookie('XSRF-TOKEN', 'a=1; XSRF-TOKEN=ab%2Fc; b=2')).toBe('ab/c');
  });

  it('returns null when the cookie is missing or the string is empty', () => {
    expect(readCookie('XSRF-TOKEN', 'a=1; b=2')).toBeNull();
    expect(readCookie('XSRF-TOKEN', '')).toBeNull();
  });

  it('does not match a cookie whose name only ends with the wanted one', () => {
    expect(readCookie('TOKEN', 'XSRF-TOKEN=x')).toBeNull();
  });

  it('keeps values with = and bad percent-encoding as they are', () => {
    expect(readCookie('t', 't=a=b')).toBe('a=b');
    expect(readCookie('t', 't=%E0%A4%A')).toBe('%E0%A4%A');
  });
});
