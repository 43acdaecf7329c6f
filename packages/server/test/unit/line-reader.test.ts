import { describe, expect, it } from 'vitest';
import { LineReader, LineTooLongError } from '../../src/engine/mail/line-reader';

/** The POP3 client's line splitter: lines however the network cuts them, and a cap on an unfinished line. */
describe('line reader', () => {
  const linesOf = (reader: LineReader, max = 1000): string[] => {
    const lines: string[] = [];
    for (let line = reader.nextLine(max); line; line = reader.nextLine(max)) lines.push(line.toString('latin1'));
    return lines;
  };

  it('splits lines cut anywhere, even between CR and LF, and keeps what is not ended yet', () => {
    const reader = new LineReader();
    const text = '+OK ready\r\nsecond line\r\n\r\nlast';
    const seen: string[] = [];
    for (const byte of Buffer.from(text, 'latin1')) {
      reader.push(Buffer.from([byte]));
      seen.push(...linesOf(reader));
    }
    expect(seen).toEqual(['+OK ready', 'second line', '']);
    reader.push(Buffer.from('\r\n'));
    expect(linesOf(reader)).toEqual(['last']);
  });

  it('answers several lines of one chunk one by one, and a line spread over chunks whole', () => {
    const reader = new LineReader();
    reader.push(Buffer.from('a\r\nb\r\nc'));
    reader.push(Buffer.from('cc'));
    reader.push(Buffer.from('c\r\n'));
    expect(linesOf(reader)).toEqual(['a', 'b', 'cccc']);
    expect(reader.nextLine(10)).toBeNull();
  });

  it('refuses a line longer than its cap, ended or not', () => {
    const unfinished = new LineReader();
    unfinished.push(Buffer.alloc(600, 0x41));
    expect(unfinished.nextLine(1000)).toBeNull();
    unfinished.push(Buffer.alloc(600, 0x41));
    expect(() => unfinished.nextLine(1000)).toThrow(LineTooLongError);
    const ended = new LineReader();
    ended.push(Buffer.from(`${'x'.repeat(11)}\r\n`));
    expect(() => ended.nextLine(10)).toThrow(LineTooLongError);
    const exact = new LineReader();
    exact.push(Buffer.from(`${'x'.repeat(10)}\r\n`));
    expect(exact.nextLine(10)?.toString()).toBe('x'.repeat(10));
  });

  it('drops what it holds on clear (nothing sent before a STARTTLS handshake is read after it)', () => {
    const reader = new LineReader();
    reader.push(Buffer.from('injected\r\npart'));
    reader.clear();
    reader.push(Buffer.from('+OK\r\n'));
    expect(linesOf(reader)).toEqual(['+OK']);
  });
});
