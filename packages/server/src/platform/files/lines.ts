import type { Readable } from 'node:stream';
import { HttpError } from '../http/errors';

/** Longest line accepted from an upload: anything longer is not a line-based file. */
export const MAX_LINE_LENGTH = 1024 * 1024;

/** Consecutive lines of a stream: `lines[i]` is line number `firstNumber + i` (1-based). */
export interface LineBatch {
  firstNumber: number;
  lines: string[];
}

/**
 * Reads a byte stream as UTF-8 text lines, whatever the line-break style (\r\n, \n or \r, even
 * split across chunks), without holding more than one chunk and one line in memory. A leading
 * byte-order mark is dropped. Yields [lineNumber (1-based), text].
 */
export async function* readLines(stream: Readable): AsyncGenerator<[number, string]> {
  for await (const { firstNumber, lines } of readLineBatches(stream)) {
    for (let i = 0; i < lines.length; i += 1) yield [firstNumber + i, lines[i]!];
  }
}

/**
 * The lines of readLines, a chunk's worth at a time: for a million-line import one await per
 * chunk instead of two per line (the per-line promises cost about as much as parsing the lines).
 */
export async function* readLineBatches(stream: Readable): AsyncGenerator<LineBatch> {
  const decoder = new TextDecoder('utf-8');
  let pending = '';
  let lineNumber = 0;
  let first = true;
  let lastWasCr = false;
  for await (const chunk of stream) {
    let text = decoder.decode(chunk as Uint8Array, { stream: true });
    if (first && text.length > 0) {
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
      first = false;
    }
    const batch: LineBatch = { firstNumber: lineNumber + 1, lines: [] };
    let start = 0;
    for (let i = 0; i < text.length; i += 1) {
      const code = text.charCodeAt(i);
      if (code === 10 && lastWasCr && i === start && pending === '') {
        // The \n of a \r\n whose \r ended the previous piece.
        start = i + 1;
        lastWasCr = false;
        continue;
      }
      lastWasCr = false;
      if (code === 10 || code === 13) {
        lineNumber += 1;
        batch.lines.push(pending + text.slice(start, i));
        pending = '';
        if (code === 13) {
          if (i + 1 < text.length) {
            if (text.charCodeAt(i + 1) === 10) i += 1;
          } else {
            lastWasCr = true;
          }
        }
        start = i + 1;
      }
    }
    if (batch.lines.length > 0) yield batch;
    pending += text.slice(start);
    if (pending.length > MAX_LINE_LENGTH) throw new HttpError(422, `Line ${lineNumber + 1} is longer than ${MAX_LINE_LENGTH} characters: this is not a line-based text file`);
  }
  pending += decoder.decode();
  if (pending.length > 0) yield { firstNumber: lineNumber + 1, lines: [pending] };
}
