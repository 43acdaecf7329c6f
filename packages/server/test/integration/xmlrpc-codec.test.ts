/** The connectors' pure pieces: XML-RPC codec, idempotency slugs, Retry-After, site addresses. */
import { describe, expect, it } from 'vitest';
import { PublishError } from '../../src/engine/connectors/connector';
import { safeFilename, sniffImageType } from '../../src/engine/connectors/featured-image';
import { normaliseSiteUrl, parseRetryAfter } from '../../src/engine/connectors/http';
import { decodeMethodResponse, encodeMethodCall, parseXml, XmlRpcDouble, XmlRpcFault, XmlRpcParseError } from '../../src/engine/connectors/wordpress/xmlrpc';
import { legacySlug } from '../../src/engine/runner/legacy-names';

describe('XML-RPC codec', () => {
  it('encodes every type, escaping text', () => {
    const xml = encodeMethodCall('metaWeblog.newPost', [
      1,
      'a & <b> "c"',
      true,
      new XmlRpcDouble(2),
      1.5,
      null,
      new Date(Date.UTC(2024, 0, 31, 12, 34, 56)),
      new Uint8Array([1, 2, 3]),
      ['x', 2],
      { title: 'T', tags: ['a', 'b'] },
    ]);
    expect(xml).toContain('<methodName>metaWeblog.newPost</methodName>');
    expect(xml).toContain('<value><int>1</int></value>');
    expect(xml).toContain('<string>a &amp; &lt;b&gt; &quot;c&quot;</string>');
    expect(xml).toContain('<boolean>1</boolean>');
    expect(xml).toContain('<double>2</double>');
    expect(xml).toContain('<double>1.5</double>');
    expect(xml).toContain('<nil/>');
    expect(xml).toContain('<dateTime.iso8601>20240131T12:34:56</dateTime.iso8601>');
    expect(xml).toContain('<base64>AQID</base64>');
    expect(xml).toContain('<array><data><value><string>x</string></value><value><int>2</int></value></data></array>');
    expect(xml).toContain('<member><name>tags</name><value><array><data>');
  });

  it('drops characters XML cannot carry', () => {
    expect(encodeMethodCall('m', ['a\u0001b\tc'])).toContain('<string>ab\tc</string>');
  });

  it('decodes a WordPress answer with whitespace, untyped strings, entities and CDATA', () => {
    const value = decodeMethodResponse(`<?xml version="1.0" encoding="UTF-8"?>
<methodResponse>
  <params>
    <param>
      <value>
      <struct>
  <member><name>post_id</name><value><string>42</string></value></member>
  <member><name>title</name><value>Tom &amp; Jerry &#8211; &#x263A;</value></member>
  <member><name>count</name><value><i4>7</i4></value></member>
  <member><name>ok</name><value><boolean>0</boolean></value></member>
  <member><name>when</name><value><dateTime.iso8601>20240131T12:34:56</dateTime.iso8601></value></member>
  <member><name>raw</name><value><string><![CDATA[<b>bold</b>]]></string></value></member>
  <member><name>list</name><value><array><data>
    <value><int>1</int></value>
    <value><double>2.5</double></value>
  </data></array></value></member>
</struct>
      </value>
    </param>
  </params>
</methodResponse>`);
    expect(value).toEqual({
      post_id: '42',
      title: 'Tom & Jerry – ☺',
      count: 7,
      ok: false,
      when: new Date(Date.UTC(2024, 0, 31, 12, 34, 56)),
      raw: '<b>bold</b>',
      list: [1, 2.5],
    });
  });

  it('turns a fault into XmlRpcFault', () => {
    const fault = `<?xml version="1.0"?><methodResponse><fault><value><struct>
      <member><name>faultCode</name><value><int>403</int></value></member>
      <member><name>faultString</name><value><string>Incorrect username or password.</string></value></member>
    </struct></value></fault></methodResponse>`;
    expect(() => decodeMethodResponse(fault)).toThrow(XmlRpcFault);
    try {
      decodeMethodResponse(fault);
    } catch (error) {
      expect(error).toMatchObject({ faultCode: 403, faultString: 'Incorrect username or password.' });
    }
  });

  it('refuses DOCTYPE and entity declarations, unknown entities and broken documents', () => {
    expect(() => parseXml('<!DOCTYPE x [<!ENTITY a "b">]><methodResponse/>')).toThrow(XmlRpcParseError);
    expect(() => parseXml('<a>&custom;</a>')).toThrow(/Unknown XML entity/);
    expect(() => parseXml('<a><b></a>')).toThrow(XmlRpcParseError);
    expect(() => parseXml('<a>')).toThrow(/Unclosed/);
    expect(() => decodeMethodResponse('<html>nope</html>')).toThrow(XmlRpcParseError);
  });
});

describe('slugs versions before 0038 derived from the key (looked up for a post they left publishing, never published under)', () => {
  it('keeps a clean key readable and hashes everything else, deterministically', () => {
    expect(legacySlug('p12-s3-post-a')).toBe('ll-p12-s3-post-a');
    const hashed = legacySlug('Project 12 / Site 3');
    expect(hashed).toMatch(/^ll-[0-9a-f]{32}$/);
    expect(legacySlug('Project 12 / Site 3')).toBe(hashed);
    expect(legacySlug('UPPER')).toMatch(/^ll-[0-9a-f]{32}$/);
    expect(legacySlug('post-2')).toMatch(/^ll-[0-9a-f]{32}$/);
    expect(legacySlug('a'.repeat(65))).toMatch(/^ll-[0-9a-f]{32}$/);
  });
});

describe('HTTP helpers', () => {
  it('reads Retry-After as seconds or as a date', () => {
    expect(parseRetryAfter('120')).toBe(120_000);
    const now = Date.UTC(2024, 0, 1, 0, 0, 0);
    expect(parseRetryAfter('Mon, 01 Jan 2024 00:00:30 GMT', now)).toBe(30_000);
    expect(parseRetryAfter(null)).toBeUndefined();
    expect(parseRetryAfter('soon')).toBeUndefined();
  });

  it('normalises site addresses and refuses what is not one', () => {
    expect(normaliseSiteUrl('https://example.com/')).toBe('https://example.com');
    expect(normaliseSiteUrl(' example.com/blog// ')).toBe('http://example.com/blog');
    expect(() => normaliseSiteUrl('ftp://example.com')).toThrow(PublishError);
    expect(() => normaliseSiteUrl('http://')).toThrow(/not a site address/);
  });

  it('names image files WordPress accepts', () => {
    expect(safeFilename('my photo (1).jpeg', 'image/jpeg')).toBe('my-photo-1.jpeg');
    expect(safeFilename('picture', 'image/png')).toBe('picture.png');
    expect(safeFilename('x.gif', 'image/png')).toBe('x.png');
    expect(sniffImageType(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d]))).toBe('image/png');
    expect(sniffImageType(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(sniffImageType(new Uint8Array([1, 2, 3]))).toBeUndefined();
  });
});
