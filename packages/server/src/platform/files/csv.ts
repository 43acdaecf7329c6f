import type { Readable } from 'node:stream';
import { HttpError } from '../http/errors';

/** A value a spreadsheet would run as a formula, behind any number of escaping apostrophes. */
const FORMULA_OR_ESCAPED = /^'*[=+\-@\t\r]/;
const ESCAPED_FORMULA = /^'+[=+\-@\t\r]/;

/**
 * Spreadsheets run a cell that starts with = + - @ (or a tab / carriage return) as a formula. Such
 * values get a leading apostrophe so an exported file cannot run anything when opened (OWASP).
 * A value that already starts with apostrophes before such a character gets one more, so that
 * `restoreFormula` can undo exactly this and nothing else: export then import gives back the value.
 */
export function neutraliseFormula(value: string): string {
  return FORMULA_OR_ESCAPED.test(value) ? `'${value}` : value;
}

/** Undoes `neutraliseFormula`: `'-2+3` read from a CSV file is the value `-2+3`. */
export function restoreFormula(value: string): string {
  return ESCAPED_FORMULA.test(value) ? value.slice(1) : value;
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
 * record by record, without reading the whole file. Yields [recordNumber (1-based), fields], each
 * field with the formula escape of our exports undone (`restoreFormula`).
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
        record.push(restoreFormula(field));
        field = '';
        quoteSeen = false;
      } else if (char === '\n' || char === '\r') {
        record.push(restoreFormula(field));
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
    record.push(restoreFormula(field));
    yield [recordNumber, record];
  }
}
