import { describe, expect, it } from 'vitest';
import { Utf8TextCheck } from '../../src/platform/files/text-check';

const check = (...chunks: Uint8Array[]) => {
  const text = new Utf8TextCheck();
  for (const chunk of chunks) text.push(chunk);
  return text.end();
};

describe('Utf8TextCheck', () => {
  it('accepts UTF-8 text, even with a character split across chunks', () => {
    const bytes = Buffer.from('héllo wörld');
    expect(check(bytes.subarray(0, 2), bytes.subarray(2))).toBe(true);
    expect(check()).toBe(true);
  });
  it('refuses NUL bytes, bytes that are not UTF-8, and text that ends mid-character', () => {
    expect(check(Buffer.from([0x41, 0x00, 0x42]))).toBe(false);
    expect(check(Buffer.from([0x89, 0x50, 0x4e, 0x47]))).toBe(false);
    expect(check(Buffer.from('é').subarray(0, 1))).toBe(false);
  });
});
