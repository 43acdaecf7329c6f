import { describe, expect, it } from 'vitest';
import { hostOf, isIpHost, registrableDomain, sameRegistrableDomain } from '../src/domain/registrable-domain';

describe('registrableDomain', () => {
  it.each([
    ['https://blog.example.com/post/1', 'example.com'],
    ['http://www.Example.COM:8080/x', 'example.com'],
    ['example.com', 'example.com'],
    ['a.b.c.example.org', 'example.org'],
    ['https://shop.example.co.uk/p', 'example.co.uk'],
    ['example.co.uk', 'example.co.uk'],
    ['https://news.site.com.au/', 'site.com.au'],
    ['http://x.y.org.br', 'y.org.br'],
    ['https://alice.blogspot.com/2024/01/a.html', 'alice.blogspot.com'],
    ['https://bob.github.io/repo', 'bob.github.io'],
    ['https://foo.de', 'foo.de'],
    // A two-letter second level that is not a suffix word stays a domain of its own.
    ['https://my.xy.de/', 'xy.de'],
  ])('%s → %s', (input, expected) => {
    expect(registrableDomain(input)).toBe(expected);
  });

  it('takes the host of an IP address as it is (port ignored), v4 and v6', () => {
    expect(registrableDomain('http://127.0.0.1:8081/?p=5')).toBe('127.0.0.1');
    expect(registrableDomain('http://127.0.0.1:8082/')).toBe('127.0.0.1');
    expect(registrableDomain('http://127.0.0.2:8081/')).toBe('127.0.0.2');
    expect(registrableDomain('http://[::1]:8080/wiki')).toBe('::1');
    expect(isIpHost('10.0.0.1')).toBe(true);
    expect(isIpHost('example.com')).toBe(false);
  });

  it('names no domain for text without a host', () => {
    expect(registrableDomain('')).toBeNull();
    expect(registrableDomain('   ')).toBeNull();
    expect(hostOf('http://')).toBeNull();
    expect(registrableDomain('localhost')).toBe('localhost');
  });

  it('compares two sites by their registrable domain', () => {
    expect(sameRegistrableDomain('https://a.example.co.uk/x', 'http://www.example.co.uk')).toBe(true);
    expect(sameRegistrableDomain('https://a.example.co.uk/x', 'http://other.co.uk')).toBe(false);
    expect(sameRegistrableDomain('http://127.0.0.1:8081/', 'http://127.0.0.1:9000/')).toBe(true);
    expect(sameRegistrableDomain('', '')).toBe(false);
  });
});
