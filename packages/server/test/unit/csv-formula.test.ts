import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { csvLine, neutraliseFormula, parseCsv, restoreFormula } from '../../src/platform/files/csv';

const SAMPLES = [
  '', 'plain', '-2+3', '=SUM(A1)', '+1', '@cmd', '\tTab', '\rCR', "'", "'plain", "it's", "'-2+3", "''=x", "'''@y",
  '-', '--', '=', "'=", 'a,b', 'say "hi"', 'line\nbreak', '+1,5', "'\"", 'ünïcödé =x',
];

async function parsedBack(text: string): Promise<string[][]> {
  const records: string[][] = [];
  for await (const [, fields] of parseCsv(Readable.from([Buffer.from(text)]))) records.push(fields);
  return records;
}

describe('formula escape of CSV exports', () => {
  it('never lets a cell start with a formula character, apostrophes aside', () => {
    for (const value of SAMPLES) expect(neutraliseFormula(value), JSON.stringify(value)).not.toMatch(/^[=+\-@\t\r]/);
  });

  it('is undone exactly by the reader: every value comes back the same', async () => {
    for (const value of SAMPLES) expect(restoreFormula(neutraliseFormula(value)), JSON.stringify(value)).toBe(value);
    expect(await parsedBack(csvLine(SAMPLES))).toEqual([SAMPLES]);
  });

  it('reads what a user typed with a spreadsheet apostrophe as the value behind it', () => {
    expect(restoreFormula("'-2+3")).toBe('-2+3');
    expect(restoreFormula("'plain")).toBe("'plain");
    expect(restoreFormula("it's")).toBe("it's");
  });
});
