import { Readable } from 'node:stream';
import { neutraliseFormula } from './csv';
import { zipStream } from './zip';

/** A cell: text (an inline string), a finite number, or empty. */
export type XlsxCell = string | number | null;

/** One sheet: its name, its header row and its rows, read a batch at a time as the archive reaches it. */
export interface XlsxSheet {
  name: string;
  header: readonly string[];
  rows: AsyncIterable<readonly (readonly XlsxCell[])[]>;
}

/** Excel's limits: characters in a cell, characters in a sheet name. */
const CELL_MAX_CHARS = 32_767;
const SHEET_NAME_MAX = 31;

const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PACKAGE_REL_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

/** Style indexes of styles.xml's cellXfs: plain, the bold header, and text Excel keeps as text when edited. */
const STYLE = { header: 1, quoted: 2 } as const;

/** Characters XML 1.0 cannot hold (controls other than tab and line breaks, lone surrogates, U+FFFE/U+FFFF) are dropped. */
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** Text as XML character data or an attribute value. */
export function xmlText(value: string): string {
  return value.replace(NOT_XML, '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** The column letters of a 0-based index: 0 → A, 25 → Z, 26 → AA. */
export function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/**
 * One cell. Text is always an inline string (`t="inlineStr"`), never a formula: a workbook from
 * this writer has no `<f>` element, so a value like `=HYPERLINK(…)` is shown, not run. Such a value
 * (starting = + - @, as csv.ts `neutraliseFormula` reads it) also gets the quote-prefix style, so
 * Excel keeps it text when the cell is edited.
 */
function cellXml(ref: string, value: XlsxCell, style?: number): string {
  if (value === null || (typeof value === 'number' && !Number.isFinite(value))) return '';
  if (typeof value === 'number') return `<c r="${ref}"${style ? ` s="${style}"` : ''}><v>${value}</v></c>`;
  const text = value.length > CELL_MAX_CHARS ? value.slice(0, CELL_MAX_CHARS) : value;
  const quoted = style ?? (neutraliseFormula(text) === text ? undefined : STYLE.quoted);
  return `<c r="${ref}" t="inlineStr"${quoted ? ` s="${quoted}"` : ''}><is><t xml:space="preserve">${xmlText(text)}</t></is></c>`;
}

function rowXml(rowNumber: number, cells: readonly XlsxCell[], style?: number): string {
  return `<row r="${rowNumber}">${cells.map((cell, index) => cellXml(`${columnName(index)}${rowNumber}`, cell, style)).join('')}</row>`;
}

/** A sheet's XML, written as its rows arrive: the header row frozen at the top. */
async function* sheetXml(sheet: XlsxSheet): AsyncGenerator<string> {
  yield `${XML_HEAD}<worksheet xmlns="${MAIN_NS}" xmlns:r="${REL_NS}">`
    + '<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>'
    + `<sheetData>${rowXml(1, sheet.header, STYLE.header)}`;
  let rowNumber = 1;
  for await (const batch of sheet.rows) {
    yield batch.map((cells) => rowXml(++rowNumber, cells)).join('');
  }
  yield '</sheetData></worksheet>';
}

/** A sheet name Excel accepts: no [ ] : * ? / \, at most 31 characters, not quoted, unique in the workbook. */
function sheetNames(sheets: readonly XlsxSheet[]): string[] {
  const used = new Set<string>();
  return sheets.map((sheet, index) => {
    // Excel also refuses a name that starts or ends with an apostrophe.
    const base = sheet.name.replace(/[[\]:*?/\\]/g, '_').replace(NOT_XML, '').slice(0, SHEET_NAME_MAX).replace(/^'+|'+$/g, '') || `Sheet${index + 1}`;
    let name = base;
    for (let n = 2; used.has(name.toLowerCase()); n += 1) name = `${base.slice(0, SHEET_NAME_MAX - String(n).length - 1)} ${n}`;
    used.add(name.toLowerCase());
    return name;
  });
}

const STYLES_XML = `${XML_HEAD}<styleSheet xmlns="${MAIN_NS}">`
  + '<fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts>'
  + '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>'
  + '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>'
  + '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>'
  + '<cellXfs count="3"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>'
  + '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>'
  + '<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0" quotePrefix="1"/></cellXfs>'
  + '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>'
  + '</styleSheet>';

/** The package's fixed parts for `count` sheets named `names`. */
function packageParts(names: readonly string[]): { name: string; text: string }[] {
  const sheets = names.map((name, i) => ({ name, id: i + 1 }));
  const contentTypes = `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">`
    + '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
    + '<Default Extension="xml" ContentType="application/xml"/>'
    + '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>'
    + '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>'
    + sheets.map(({ id }) => `<Override PartName="/xl/worksheets/sheet${id}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`).join('')
    + '</Types>';
  const rootRels = `${XML_HEAD}<Relationships xmlns="${PACKAGE_REL_NS}">`
    + `<Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`;
  const workbook = `${XML_HEAD}<workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}"><sheets>`
    + sheets.map(({ name, id }) => `<sheet name="${xmlText(name)}" sheetId="${id}" r:id="rId${id}"/>`).join('')
    + '</sheets></workbook>';
  const workbookRels = `${XML_HEAD}<Relationships xmlns="${PACKAGE_REL_NS}">`
    + sheets.map(({ id }) => `<Relationship Id="rId${id}" Type="${REL_NS}/worksheet" Target="worksheets/sheet${id}.xml"/>`).join('')
    + `<Relationship Id="rId${sheets.length + 1}" Type="${REL_NS}/styles" Target="styles.xml"/></Relationships>`;
  return [
    { name: '[Content_Types].xml', text: contentTypes },
    { name: '_rels/.rels', text: rootRels },
    { name: 'xl/workbook.xml', text: workbook },
    { name: 'xl/_rels/workbook.xml.rels', text: workbookRels },
    { name: 'xl/styles.xml', text: STYLES_XML },
  ];
}

/**
 * A minimal Office Open XML workbook (.xlsx), streamed: the package parts, then each sheet's XML
 * written from its rows only when the archive reaches it, so a sheet of 100,000 rows never sits in
 * memory. Cells are inline strings and numbers; no shared strings, no formulas.
 */
export function xlsxStream(sheets: readonly XlsxSheet[]): Readable {
  const names = sheetNames(sheets);
  async function* entries() {
    for (const part of packageParts(names)) yield { name: part.name, content: Readable.from([part.text]) };
    for (const [index, sheet] of sheets.entries()) yield { name: `xl/worksheets/sheet${index + 1}.xml`, content: Readable.from(sheetXml(sheet)) };
  }
  return zipStream(entries());
}
