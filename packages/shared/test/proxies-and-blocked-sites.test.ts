import { describe, expect, it } from 'vitest';
import {
  AddProxiesResponseSchema, BLOCKED_SITE_MESSAGES, PROXY_MESSAGES, blockingDomainsOf, isBlockedBy, isProxyAddress, listLineErrors,
  normaliseBlockedSite, parseBlockedSiteList, parseProxyLine, parseProxyList, proxyUrl,
} from '../src/index';

describe('proxy lines', () => {
  it('reads ip:port and ip:port:username:password', () => {
    expect(parseProxyLine('10.0.0.1:8080')).toEqual({ proxy: { host: '10.0.0.1', port: 8080, username: '', password: '' } });
    expect(parseProxyLine(' 10.0.0.1:3128:ann:s:e:cret ')).toEqual({ proxy: { host: '10.0.0.1', port: 3128, username: 'ann', password: 's:e:cret' } });
    expect(parseProxyLine('Proxy.Example.com:80')).toEqual({ proxy: { host: 'proxy.example.com', port: 80, username: '', password: '' } });
  });
  it.each([
    ['10.0.0.1', PROXY_MESSAGES.format],
    ['10.0.0.1:80:ann', PROXY_MESSAGES.format],
    ['10.0.0.1:80::pw', PROXY_MESSAGES.format],
    ['10.0.0.1:80:ann:', PROXY_MESSAGES.format],
    ['999.0.0.1:80', PROXY_MESSAGES.address],
    ['bad host:80', PROXY_MESSAGES.address],
    ['10.0.0.1:0', PROXY_MESSAGES.port],
    ['10.0.0.1:65536', PROXY_MESSAGES.port],
    ['10.0.0.1:http', PROXY_MESSAGES.port],
    [`10.0.0.1:80:${'u'.repeat(513)}:pw`, PROXY_MESSAGES.tooLong],
  ])('refuses %s', (line, reason) => {
    expect(parseProxyLine(line)).toEqual({ reason });
  });
  it('addresses: IPv4 or host names', () => {
    expect(['1.2.3.4', 'localhost', 'a-b.example.org'].every(isProxyAddress)).toBe(true);
    expect(['1.2.3', '256.1.1.1', '-x.com', ''].some(isProxyAddress)).toBe(false);
  });
  it('reads a list: blank lines skipped, every break style, a repeated proxy keeps its last line, errors by line', () => {
    const { proxies, errors } = parseProxyList('1.1.1.1:80\r\n\r\n2.2.2.2:81:u:p\rnope\n1.1.1.1:80:u2:p2');
    expect(proxies).toEqual([
      { host: '2.2.2.2', port: 81, username: 'u', password: 'p' },
      { host: '1.1.1.1', port: 80, username: 'u2', password: 'p2' },
    ]);
    expect(errors).toEqual([{ line: 4, reason: PROXY_MESSAGES.format }]);
    expect(parseProxyList(['1.1.1.1:80', '2.2.2.2:80\nbad']).errors).toEqual([{ line: 3, reason: PROXY_MESSAGES.format }]);
  });
  it('gives the URL a proxying client takes', () => {
    expect(proxyUrl({ host: '1.2.3.4', port: 80, username: '', password: '' })).toBe('http://1.2.3.4:80');
    expect(proxyUrl({ host: '1.2.3.4', port: 80, username: 'a@b', password: 'p:w' })).toBe('http://a%40b:p%3Aw@1.2.3.4:80');
  });
});

describe('blocked sites', () => {
  it.each([
    ['example.com', 'example.com'], ['WWW.Example.COM', 'example.com'], ['https://www.example.com/page?q=1', 'example.com'],
    ['blog.example.com:8080/x', 'blog.example.com'], ['example.com.', 'example.com'], ['10.1.2.3', '10.1.2.3'],
  ])('normalises %s to %s', (line, domain) => {
    expect(normaliseBlockedSite(line)).toBe(domain);
  });
  it.each(['', 'not a site', 'localhost', 'exa_mple.com', 'http://', '-bad.com'])('refuses %j', (line) => {
    expect(normaliseBlockedSite(line)).toBeNull();
  });
  it('reads a list: distinct domains in order, errors by line', () => {
    expect(parseBlockedSiteList('a.com\nwww.a.com\n\nb.org\nnope')).toEqual({
      domains: ['a.com', 'b.org'], errors: [{ line: 5, reason: BLOCKED_SITE_MESSAGES.invalid }],
    });
  });
  it('blocks a domain and its subdomains, not look-alikes', () => {
    expect(blockingDomainsOf('https://www.a.b.example.com/x')).toEqual(['a.b.example.com', 'b.example.com', 'example.com']);
    expect(blockingDomainsOf('http://10.0.0.1:8080/')).toEqual(['10.0.0.1']);
    expect(isBlockedBy('http://10.0.0.1/', new Set(['0.1']))).toBe(false);
    const blocked = new Set(['example.com']);
    expect(isBlockedBy('https://example.com/post', blocked)).toBe(true);
    expect(isBlockedBy('http://www.example.com', blocked)).toBe(true);
    expect(isBlockedBy('https://blog.example.com/', blocked)).toBe(true);
    expect(isBlockedBy('https://notexample.com/', blocked)).toBe(false);
    expect(isBlockedBy('https://example.com.evil.net/', blocked)).toBe(false);
    expect(isBlockedBy('not a url', blocked)).toBe(false);
  });
});

describe('listLineErrors (an import keeps its good lines and names each refused one, issue 39 item 4)', () => {
  it('numbers each refused line of a proxy list as in the text, blank lines counted', () => {
    const { proxies, errors } = parseProxyList('10.0.0.1:80\n\nnot a proxy\n10.0.0.2:0');
    expect(proxies.map((proxy) => proxy.host)).toEqual(['10.0.0.1']);
    expect(listLineErrors(errors)).toEqual([`Line 3: ${PROXY_MESSAGES.format}`, `Line 4: ${PROXY_MESSAGES.port}`]);
    expect(AddProxiesResponseSchema.parse({ proxies: [], errorList: listLineErrors(errors) }).errorList).toHaveLength(2);
  });

  it('lists at most `max` lines and counts the rest in the last entry; text entries pass as they are', () => {
    const errors = [1, 2, 3, 4].map((line) => ({ line, reason: 'Bad' }));
    expect(listLineErrors(errors, 2)).toEqual(['Line 1: Bad', 'Line 2: Bad', '… and 2 more refused lines']);
    expect(listLineErrors(['a.txt, line 2: Bad'])).toEqual(['a.txt, line 2: Bad']);
    expect(listLineErrors([])).toEqual([]);
  });
});
