import type { Readable } from 'node:stream';
import { HttpError } from '../http/errors';

/**
 * Spreadsheets run a cell that starts with = + - @ (or a tab / carriage return) as a formula. Such
 * values get a leading apostrophe so an exported file cannot run anything when opened (OWASP).
 */
export function neutraliseFormula(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** One CSV field: formula-neutralised, quoted when it holds a comma, quote or line break. */
export function csvField(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = neutraliseFormula(String(value));
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV record with its line break (\r\n, as RFC 4180 and spreadsheets expect). */
export function csvLine(values: readonly unknown[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}

/**
 * Parses CSV (RFC 4180: quoted fields may hold commas, quotes and line breaks) from a byte stream,
 * record by record, without reading the whole file. Yields [recordNumber (1-based), fields].
 * A quote left open at the end of the file is an error with the record's number.
 */
export async function* parseCsv(stream: Readable): AsyncGenerator<[number, string[]]> {
  const decoder = new TextDecoder('utf-8');
  let field = '';
  let record: string[] = [];
  let inQuotes = false;
  let quoteSeen = false;
  let afterCr = false;
  let recordNumber = 1;
  let first = true;
  for await (const chunk of stream) {
    let text = decoder.decode(chunk as Uint8Array, { stream: true });
    if (first && text.length > 0) {
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
      first = false;
    }
    for (const char of text) {
      if (afterCr) {
        afterCr = false;
        if (char === '\n') continue;
      }
      if (inQuotes) {
        if (char === '"') {
          inQuotes = false;
          quoteSeen = true;
        } else field += char;
        continue;
      }
      if (char === '"') {
        // A doubled quote inside a quoted field, or the opening quote.
        if (quoteSeen) field += '"';
        inQuotes = true;
        quoteSeen = false;
      } else if (char === ',') {
        record.push(field);
        field = '';
        quoteSeen = false;
      } else if (char === '\n' || char === '\r') {
        record.push(field);
        yield [recordNumber, record];
        recordNumber += 1;
        record = [];
        field = '';
        quoteSeen = false;
        afterCr = char === '\r';
      } else {
        field += char;
        quoteSeen = false;
      }
      if (field.length > 1024 * 1024) throw new HttpError(422, `Record ${recordNumber} has a field longer than 1 MB: this is not a CSV file`);
    }
  }
  if (inQuotes) throw new HttpError(422, `Record ${recordNumber} has a quote that is never closed`);
  if (field.length > 0 || record.length > 0) {
    record.push(field);
    yield [recordNumber, record];
  }
}
