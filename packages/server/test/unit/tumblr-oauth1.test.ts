/**
 * OAuth 1.0a signing (the Tumblr connector's oauth1.ts) against the worked examples of RFC 5849:
 * the signature base string of section 3.4.1.1 and the HMAC-SHA1 signatures of section 1.2's
 * requests, whose secrets the RFC gives. (Section 3.1 prints a signature for its example that does
 * not follow from the secrets it names — a known erratum — so its base string is what is checked.)
 */
import { describe, expect, it } from 'vitest';
import { authorizationHeader, baseStringUri, formEncode, hmacSha1Signature, oauthParameters, parseForm, percentEncode, signatureBaseString } from '../../src/engine/connectors/tumblr/oauth1';
import { blogIdentifier, tumblrCredentials } from '../../src/engine/connectors/tumblr/tumblr-api';
import { PublishError } from '../../src/engine/connectors/connector';

describe('RFC 5849 signing', () => {
  it('section 3.4.1.1: the signature base string of the example request, query and form body included', () => {
    const protocol: Array<[string, string]> = [
      ['oauth_consumer_key', '9djdj82h48djs9d2'],
      ['oauth_token', 'kkk9d7dh3k39sjv7'],
      ['oauth_signature_method', 'HMAC-SHA1'],
      ['oauth_timestamp', '137131201'],
      ['oauth_nonce', '7d8f3e4a'],
    ];
    const base = signatureBaseString('POST', 'http://example.com/request?b5=%3D%253D&a3=a&c%40=&a2=r%20b', [...protocol, ...parseForm('c2&a3=2+q')]);
    expect(base).toBe(
      'POST&http%3A%2F%2Fexample.com%2Frequest&a2%3Dr%2520b%26a3%3D2%2520q'
      + '%26a3%3Da%26b5%3D%253D%25253D%26c%2540%3D%26c2%3D%26oauth_consumer_'
      + 'key%3D9djdj82h48djs9d2%26oauth_nonce%3D7d8f3e4a%26oauth_signature_m'
      + 'ethod%3DHMAC-SHA1%26oauth_timestamp%3D137131201%26oauth_token%3Dkkk'
      + '9d7dh3k39sjv7',
    );
  });

  it('section 1.2: the temporary-credentials request (no token, empty token secret)', () => {
    const base = signatureBaseString('POST', 'https://photos.example.net/initiate', [
      ['oauth_consumer_key', 'dpf43f3p2l4k3l03'],
      ['oauth_signature_method', 'HMAC-SHA1'],
      ['oauth_timestamp', '137131200'],
      ['oauth_nonce', 'wIjqoS'],
      ['oauth_callback', 'http://printer.example.com/ready'],
    ]);
    expect(hmacSha1Signature(base, 'kd94hf93k423kf44', '')).toBe('74KNZJeDHnMBp0EMJ9ZHt/XKycU=');
  });

  it('section 1.2: the token request, signed with the temporary credentials', () => {
    const base = signatureBaseString('POST', 'https://photos.example.net/token', [
      ['oauth_consumer_key', 'dpf43f3p2l4k3l03'],
      ['oauth_token', 'hh5s93j4hdidpola'],
      ['oauth_signature_method', 'HMAC-SHA1'],
      ['oauth_timestamp', '137131201'],
      ['oauth_nonce', 'walatlh'],
      ['oauth_verifier', 'hfdp7dh39dks9884'],
    ]);
    expect(hmacSha1Signature(base, 'kd94hf93k423kf44', 'hdhd0244k9j7ao03')).toBe('gKgrFCywp7rO0OXSjdot/IHF7IU=');
  });

  it('section 1.2: the protected-resource request, its query parameters signed', () => {
    const base = signatureBaseString('GET', 'http://photos.example.net/photos?file=vacation.jpg&size=original', [
      ['oauth_consumer_key', 'dpf43f3p2l4k3l03'],
      ['oauth_token', 'nnch734d00sl2jdk'],
      ['oauth_signature_method', 'HMAC-SHA1'],
      ['oauth_timestamp', '137131202'],
      ['oauth_nonce', 'chapoH'],
    ]);
    expect(hmacSha1Signature(base, 'kd94hf93k423kf44', 'pfkkdhi9sl3r4s00')).toBe('MdpQcU8iPSUjWoN/UDMsK2sui9I=');
  });

  it('section 3.4.1.2: the base string URI — lower-case scheme and host, the default port dropped, another kept', () => {
    expect(baseStringUri(new URL('HTTP://EXAMPLE.COM:80/r%20v/X?id=123'))).toBe('http://example.com/r%20v/X');
    expect(baseStringUri(new URL('https://www.example.net:8080/?q=1'))).toBe('https://www.example.net:8080/');
    expect(baseStringUri(new URL('https://api.tumblr.com:443/v2/blog/a.tumblr.com/post'))).toBe('https://api.tumblr.com/v2/blog/a.tumblr.com/post');
  });

  it('section 3.6: percent-encoding keeps only the unreserved characters, UTF-8 bytes upper-case', () => {
    expect(percentEncode("Ladies + Gentlemen, a signed OAuth request! (it's) *")).toBe('Ladies%20%2B%20Gentlemen%2C%20a%20signed%20OAuth%20request%21%20%28it%27s%29%20%2A');
    expect(percentEncode('-._~')).toBe('-._~');
    expect(percentEncode('é☃')).toBe('%C3%A9%E2%98%83');
    expect(formEncode([['title', 'Beans & peas'], ['tags', 'a,b']])).toBe('title=Beans%20%26%20peas&tags=a%2Cb');
    expect(parseForm('a=1+2&b=%2B&c')).toEqual([['a', '1 2'], ['b', '+'], ['c', '']]);
  });

  it('the Authorization header carries every protocol parameter, encoded, with a signature over them and the body', () => {
    const credentials = { consumerKey: 'ck', consumerSecret: 'cs', token: 'tk', tokenSecret: 'ts' };
    const request = { method: 'POST', url: 'https://api.tumblr.com/v2/blog/a.tumblr.com/post', form: [['body', '<p>Hi & bye</p>']] as Array<[string, string]> };
    const params = oauthParameters(credentials, request, { timestamp: '1700000000', nonce: 'abc' });
    const names = params.map(([name]) => name);
    expect(names).toEqual(['oauth_consumer_key', 'oauth_nonce', 'oauth_signature_method', 'oauth_timestamp', 'oauth_token', 'oauth_version', 'oauth_signature']);
    const signature = params.at(-1)![1];
    const base = signatureBaseString('POST', request.url, [...params.slice(0, -1), ...request.form]);
    expect(signature).toBe(hmacSha1Signature(base, 'cs', 'ts'));
    const header = authorizationHeader(credentials, request, { timestamp: '1700000000', nonce: 'abc' });
    expect(header).toBe(`OAuth oauth_consumer_key="ck", oauth_nonce="abc", oauth_signature_method="HMAC-SHA1", oauth_timestamp="1700000000", oauth_token="tk", oauth_version="1.0", oauth_signature="${percentEncode(signature)}"`);
    // A new nonce each time when none is given.
    expect(oauthParameters(credentials, request)[1]![1]).not.toBe(oauthParameters(credentials, request)[1]![1]);
  });
});

describe('Tumblr credentials and blog identifiers', () => {
  it('the password is four colon-separated OAuth values; what is missing is named', () => {
    expect(tumblrCredentials(' ck:cs:tk:ts ', 'https://a.tumblr.com')).toEqual({ consumerKey: 'ck', consumerSecret: 'cs', token: 'tk', tokenSecret: 'ts' });
    const message = (password: string) => {
      try {
        tumblrCredentials(password, 'https://a.tumblr.com');
      } catch (error) {
        expect(error).toBeInstanceOf(PublishError);
        expect((error as PublishError).kind).toBe('auth');
        return (error as PublishError).message;
      }
      throw new Error('no error');
    };
    expect(message('ck:cs')).toContain('lacks the access token, the access token secret');
    expect(message('')).toContain('lacks the consumer key, the consumer secret, the access token, the access token secret');
    expect(message('ck::tk:ts')).toContain('lacks the consumer secret:');
    expect(message('a:b:c:d:e')).toContain('5 colon-separated values');
  });

  it('the blog identifier is the blog’s hostname, or name.tumblr.com for www.tumblr.com/name', () => {
    expect(blogIdentifier('https://First-Garden.tumblr.com')).toBe('first-garden.tumblr.com');
    expect(blogIdentifier('https://www.davidslog.com')).toBe('www.davidslog.com');
    expect(blogIdentifier('https://www.tumblr.com/changes')).toBe('changes.tumblr.com');
    expect(blogIdentifier('https://www.tumblr.com/@changes')).toBe('changes.tumblr.com');
    expect(() => blogIdentifier('https://www.tumblr.com')).toThrow(PublishError);
  });
});
