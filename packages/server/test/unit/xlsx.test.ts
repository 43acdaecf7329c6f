/** The minimal XLSX writer (platform/files/xlsx.ts): cell references, XML escaping, sheet names, cell limits, no formulas. */
import { describe, expect, it } from 'vitest';
import { columnName, xlsxStream, xmlText, type XlsxCell } from '../../src/platform/files/xlsx';
import { readZipTextEntries } from '../../src/platform/files/zip';

async function bytesOf(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

async function* batches(rows: XlsxCell[][]) {
  yield rows;
}

describe('the XLSX writer', () => {
  it('names columns as spreadsheets do', () => {
    expect([0, 1, 25, 26, 27, 51, 52, 701, 702, 16383].map(columnName)).toEqual(['A', 'B', 'Z', 'AA', 'AB', 'AZ', 'BA', 'ZZ', 'AAA', 'XFD']);
  });

  it('escapes markup and drops what XML 1.0 cannot hold, keeping tabs, line breaks and emoji', () => {
    expect(xmlText('a & b <c> "d"')).toBe('a &amp; b &lt;c&gt; &quot;d&quot;');
    expect(xmlText('x\u0000\u0001\u0008\u000b\u001fy\t\n\r\uFFFE\uFFFF\uD800z😀')).toBe('xy\t\n\rz😀');
  });

  it('writes inline strings and numbers, never a formula; formula-looking text is quote-prefixed; long text is cut at 32,767', async () => {
    const rows: XlsxCell[][] = [['=1+2', 7, null, '+A1', '-3', '@x', 'plain', Number.NaN, 'x'.repeat(40_000)]];
    const entries = await readZipTextEntries(await bytesOf(xlsxStream([
      { name: 'Data', header: ['H1', 'H2'], rows: batches(rows) },
      { name: 'Bad:/name?*[x]', header: ['only'], rows: batches([]) },
      { name: 'data', header: ['dup'], rows: batches([]) },
      { name: `'${'y'.repeat(40)}'`, header: ['long'], rows: batches([]) },
      { name: `${'z'.repeat(30)}'tail`, header: ['quote at the cut'], rows: batches([]) },
    ])), 10 * 1024 * 1024);
    const text = new Map(entries.map((entry) => [entry.name, entry.text]));
    const sheet = text.get('xl/worksheets/sheet1.xml')!;
    expect(sheet).not.toMatch(/<f[\s>]/);
    expect(sheet).toContain('<row r="1"><c r="A1" t="inlineStr" s="1"><is><t xml:space="preserve">H1</t></is></c><c r="B1" t="inlineStr" s="1">');
    expect(sheet).toContain('<c r="A2" t="inlineStr" s="2"><is><t xml:space="preserve">=1+2</t></is></c><c r="B2"><v>7</v></c><c r="D2" t="inlineStr" s="2">');
    for (const value of ['-3', '@x']) expect(sheet).toContain(`s="2"><is><t xml:space="preserve">${value}</t>`);
    expect(sheet).toContain('<c r="G2" t="inlineStr"><is><t xml:space="preserve">plain</t></is></c><c r="I2"');
    expect(sheet).toContain(`<t xml:space="preserve">${'x'.repeat(32_767)}</t>`);
    expect(sheet).not.toContain('x'.repeat(32_768));
    expect([...text.get('xl/workbook.xml')!.matchAll(/<sheet name="([^"]*)"/g)].map((match) => match[1])).toEqual(['Data', 'Bad__name___x_', 'data 2', 'y'.repeat(30), 'z'.repeat(30)]);
    expect(text.get('[Content_Types].xml')).toContain('/xl/worksheets/sheet4.xml');
  });
});
