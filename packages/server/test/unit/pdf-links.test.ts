/**
 * The PDF link reader behind backlink verification of PDF posts (engine/modules/pdf-links.ts,
 * issue 37 item 4): LinkLoom's own PDFs (pdfkit, indirect actions), hand-written ones (inline
 * actions, hex and escaped strings, UTF-16 text), PDF 1.5 object streams with an XRef stream,
 * incremental updates, encryption; and hostile input — deep nesting, unterminated strings and
 * streams, streams lying about their length, a decompression bomb, reference cycles — each read
 * in bounded, linear time. Then the verifier's side: a PDF answer fetched and judged by its links.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDF_LINK_MESSAGES, readPdfLinks, type PdfLinksResult } from '../../src/engine/modules/pdf-links';
import { renderPdf, winAnsiText } from '../../src/engine/modules/pdf-render';
import { htmlBlocks } from '../../src/engine/modules/html-blocks';
import { fetchPage, PDF_MAX_BYTES } from '../../src/engine/verify/fetch-page';
import { judgePage, PDF_VERDICT_MESSAGES } from '../../src/engine/verify/judge-page';

/** A PDF from its objects' bodies (numbered from 1), with a classic xref table and trailer. */
function pdfOf(objects: readonly (string | Buffer)[], trailer = '/Root 1 0 R', header = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n'): Buffer {
  const parts: Buffer[] = [Buffer.from(header, 'latin1')];
  let offset = parts[0]!.length;
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(offset);
    const chunk = Buffer.concat([Buffer.from(`${index + 1} 0 obj\n`, 'latin1'), typeof body === 'string' ? Buffer.from(body, 'latin1') : body, Buffer.from('\nendobj\n', 'latin1')]);
    parts.push(chunk);
    offset += chunk.length;
  });
  const xref = [`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`, ...offsets.map((at) => `${String(at).padStart(10, '0')} 00000 n \n`)].join('');
  parts.push(Buffer.from(`${xref}trailer\n<< /Size ${objects.length + 1} ${trailer} >>\nstartxref\n${offset}\n%%EOF\n`, 'latin1'));
  return Buffer.concat(parts);
}

const links = (result: PdfLinksResult) => {
  expect(result.ok, JSON.stringify(result)).toBe(true);
  return result.ok ? result.links : [];
};

/** Milliseconds a read of `bytes` takes. */
function timed(bytes: Uint8Array): { ms: number; result: PdfLinksResult } {
  const started = performance.now();
  const result = readPdfLinks(bytes);
  return { ms: performance.now() - started, result };
}

describe('readPdfLinks', () => {
  it("reads LinkLoom's own PDFs: every link annotation with its anchor, in page order, across pages", () => {
    const paragraphs = Array.from({ length: 120 }, (_, i) => `<p>Paragraph ${i} on soil and water, with a link to <a href="https://site${i}.example.test/page?a=1&amp;b=${i}">anchor ${i}</a> and more words after it.</p>`);
    const bytes = renderPdf({ title: 'Growing beans', html: paragraphs.join(''), author: 'Anna Lee', createdAt: Date.UTC(2025, 0, 2) });
    expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    const read = links(readPdfLinks(bytes));
    // A link whose words wrap onto the next line has one annotation per line: the same address and text.
    const distinct = [...new Map(read.map((link) => [link.uri, link])).values()];
    expect(distinct).toEqual(Array.from({ length: 120 }, (_, i) => ({ uri: `https://site${i}.example.test/page?a=1&b=${i}`, contents: `anchor ${i}` })));
    // No id, key or marker of ours in the document: the title, the author, the text.
    const text = Buffer.from(bytes).toString('latin1');
    expect(text).toContain('(Growing beans)');
    expect(text).toContain('(Anna Lee)');
    expect(text).not.toMatch(/linkloom|idempotency|i\d+-p\d+-r\d+/i);
    // Nor the PDF library's name as the document's Producer or Creator: one fixed pattern across every PDF.
    expect(text).not.toMatch(/PDFKit|\/Producer|\/Creator/);
  });

  it('writes letters beyond the standard fonts as their Latin base letter and addresses as ASCII', () => {
    // Ł has no base letter to fall back on; Cyrillic none either: left out.
    expect(winAnsiText('Café “naïve” — Łódź Привет')).toBe('Café “naïve” — ódz ');
    const bytes = renderPdf({ title: 'Ünïcode', html: '<p><a href="https://example.test/straße/é">Straße é</a></p>', createdAt: 0 });
    expect(links(readPdfLinks(bytes))).toEqual([{ uri: 'https://example.test/stra%C3%9Fe/%C3%A9', contents: 'Straße é' }]);
  });

  it('reads inline actions, hex strings, escapes, UTF-16 text and a page tree', () => {
    const utf16 = Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from('Grüße', 'utf16le').swap16()]).toString('hex');
    const bytes = pdfOf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R 4 0 R] /Count 2 >>',
      '<< /Type /Page /Parent 2 0 R /Annots [ << /Type /Annot /Subtype /Link /Rect [0 0 1 1] /A << /S /URI /URI (https://a.example.test/\\(x\\)) >> /Contents (first \\\nline) >> 5 0 R ] >>',
      '<< /Type /Page /Parent 2 0 R /Annots 6 0 R >>',
      `<< /Subtype /Link /A << /S /URI /URI <68747470733A2F2F622E6578616D706C652E746573742F> >> /Contents <${utf16}> >>`,
      '[ 7 0 R << /Subtype /Link /A << /S /GoTo /D [3 0 R /Fit] >> >> << /Subtype /Text /Contents (a note) >> ]',
      '<< /Subtype/Link/A<</S/URI/URI(https://c.example.test/\\101\\102)>>/Contents(tight)>>',
    ]);
    expect(links(readPdfLinks(bytes))).toEqual([
      { uri: 'https://a.example.test/(x)', contents: 'first line' },
      { uri: 'https://b.example.test/', contents: 'Grüße' },
      { uri: 'https://c.example.test/AB', contents: 'tight' },
    ]);
  });

  it('reads objects packed in a compressed object stream, with an XRef stream instead of a trailer', () => {
    const packed = '<< /Subtype /Link /A 7 0 R /Contents (packed anchor) >> << /S /URI /URI (https://packed.example.test/) >>';
    const header = '6 0 7 58 ';
    const data = deflateSync(Buffer.from(header + packed, 'latin1'));
    const bytes = pdfOf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /Annots [6 0 R] >>',
      Buffer.concat([Buffer.from(`<< /Type /ObjStm /N 2 /First ${header.length} /Filter /FlateDecode /Length ${data.length} >>\nstream\n`, 'latin1'), data, Buffer.from('\nendstream', 'latin1')]),
      '<< /Type /XRef /Root 1 0 R /Size 6 /W [1 2 1] /Length 0 >>\nstream\n\nendstream',
    ], '');
    expect(links(readPdfLinks(bytes))).toEqual([{ uri: 'https://packed.example.test/', contents: 'packed anchor' }]);
  });

  it('reads the newest version of an object an incremental update replaced', () => {
    const first = pdfOf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /Annots [4 0 R] >>',
      '<< /Subtype /Link /A << /S /URI /URI (https://old.example.test/) >> >>',
    ]);
    const update = Buffer.from('4 0 obj\n<< /Subtype /Link /A << /S /URI /URI (https://new.example.test/) >> >>\nendobj\ntrailer\n<< /Root 1 0 R /Prev 0 >>\n%%EOF\n', 'latin1');
    expect(links(readPdfLinks(Buffer.concat([first, update])))).toEqual([{ uri: 'https://new.example.test/', contents: '' }]);
  });

  it('says why it cannot read an encrypted PDF or an answer that is no PDF', () => {
    const encrypted = pdfOf(['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [] /Count 0 >>', '<< /Filter /Standard /V 2 >>'], '/Root 1 0 R /Encrypt 3 0 R');
    expect(readPdfLinks(encrypted)).toEqual({ ok: false, reason: PDF_LINK_MESSAGES.encrypted });
    expect(readPdfLinks(Buffer.from('<html><a href="https://x.test/">x</a></html>'))).toEqual({ ok: false, reason: PDF_LINK_MESSAGES.notPdf });
    expect(readPdfLinks(Buffer.alloc(0))).toEqual({ ok: false, reason: PDF_LINK_MESSAGES.notPdf });
  });

  it('stays bounded and linear on hostile input', { timeout: 60_000 }, () => {
    const size = 4 * 1024 * 1024;
    const hostile: Record<string, Buffer> = {
      // A million open arrays: past the depth limit the object is skipped, never a stack overflow.
      nesting: Buffer.concat([Buffer.from('%PDF-1.4\n1 0 obj\n'), Buffer.alloc(size, '['), Buffer.from('\nendobj\n')]),
      // One string that never closes, and one hex string that never closes.
      openString: Buffer.concat([Buffer.from('%PDF-1.4\n1 0 obj\n('), Buffer.alloc(size, 'a')]),
      openHex: Buffer.concat([Buffer.from('%PDF-1.4\n1 0 obj\n<'), Buffer.alloc(size, 'f')]),
      // Streams without an end (each search for `endstream` would scan the rest: not here).
      openStreams: Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.from('1 0 obj <<>> stream\n'.repeat(size / 20))]),
      // Streams whose /Length points far past the end.
      lyingLengths: Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.from('1 0 obj << /Length 99999999 >> stream\nxx\nendstream endobj\n'.repeat(size / 60))]),
      // Backslashes and parentheses all the way.
      escapes: Buffer.concat([Buffer.from('%PDF-1.4\n1 0 obj\n('), Buffer.alloc(size, '\\(')]),
      // Many tiny dictionaries and names.
      names: Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.from('1 0 obj << /A /B /C /D >> endobj\n'.repeat(size / 34))]),
    };
    for (const [name, bytes] of Object.entries(hostile)) {
      const { ms, result } = timed(bytes);
      expect(result.ok, name).toBe(true);
      expect(ms, name).toBeLessThan(4000);
    }
    // Twice the input takes about twice the time, not four times.
    const unit = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.from('1 0 obj <<>> stream\n'.repeat(100_000))]);
    timed(unit);
    const one = Math.min(...[0, 1, 2].map(() => timed(unit).ms));
    const two = Math.min(...[0, 1, 2].map(() => timed(Buffer.concat([unit, unit.subarray(9)])).ms));
    expect(two).toBeLessThan(one * 4 + 20);
  });

  it('inflates object streams within a budget: a decompression bomb is not read past it', { timeout: 30_000 }, () => {
    const bomb = deflateSync(Buffer.alloc(80 * 1024 * 1024, ' '));
    const bytes = pdfOf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /Annots [4 0 R] >>',
      '<< /Subtype /Link /A << /S /URI /URI (https://kept.example.test/) >> >>',
      Buffer.concat([Buffer.from(`<< /Type /ObjStm /N 1 /First 4 /Filter /FlateDecode /Length ${bomb.length} >>\nstream\n`, 'latin1'), bomb, Buffer.from('\nendstream', 'latin1')]),
    ]);
    const { ms, result } = timed(bytes);
    expect(links(result)).toEqual([{ uri: 'https://kept.example.test/', contents: '' }]);
    expect(ms).toBeLessThan(5000);
    expect(links(readPdfLinks(bytes, { maxInflatedBytes: 1024 }))).toEqual([{ uri: 'https://kept.example.test/', contents: '' }]);
  });

  it('follows references a bounded number of hops, and a page tree with cycles once', () => {
    const bytes = pdfOf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R 2 0 R 3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /Annots [4 0 R 6 0 R] >>',
      '<< /Subtype /Link /A 5 0 R >>',
      '5 0 R',
      '7 0 R',
      '6 0 R',
    ]);
    expect(links(readPdfLinks(bytes))).toEqual([]);
  });

  it('caps the links it answers', () => {
    const annotation = '<< /Subtype /Link /A << /S /URI /URI (https://many.example.test/) >> >> ';
    const bytes = pdfOf(['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [3 0 R] /Count 1 >>', `<< /Type /Page /Annots [ ${annotation.repeat(50)}] >>`]);
    expect(links(readPdfLinks(bytes, { maxLinks: 7 }))).toHaveLength(7);
  });
});

describe('htmlBlocks', () => {
  it('keeps the text, the emphasis and the links, and leaves out figures, images, scripts and frames', () => {
    const blocks = htmlBlocks([
      '<h2>Mulch  <em>matters</em></h2><p>Use <strong>straw</strong> or <a href="https://a.test/">wood&nbsp;chips</a>.<br>New line</p>',
      '<figure><img src="x.jpg" alt="x"><figcaption>Photo: someone, CC BY</figcaption></figure><script>alert(1)</script><iframe src="https://v.test/"></iframe>',
      '<ol><li>One</li><li>Two <a href="javascript:alert(1)">bad</a></li></ol><blockquote>Quoted</blockquote>',
    ].join(''));
    expect(blocks.map((block) => [block.kind, block.marker, block.runs.map((run) => `${run.bold ? 'B' : ''}${run.italic ? 'I' : ''}${run.href ? `<${run.href}>` : ''}${run.text}`).join('|')])).toEqual([
      ['heading', '', 'BMulch |BImatters'],
      ['paragraph', '', 'Use |Bstraw| or |<https://a.test/>wood chips|.'],
      ['paragraph', '', 'New line'],
      ['item', '1.', 'One'],
      ['item', '2.', 'Two bad'],
      ['quote', '', 'Quoted'],
    ]);
  });

  it('reads a megabyte of broken markup in linear time', { timeout: 30_000 }, () => {
    const html = '<p><a href="https://x.test/"><b><i>'.repeat(20_000) + 'text '.repeat(100_000);
    const started = performance.now();
    htmlBlocks(html);
    expect(performance.now() - started).toBeLessThan(10_000);
  });
});

describe('verifying a PDF answer', () => {
  let server: http.Server;
  let base = '';
  const pdf = renderPdf({ title: 'Soil', html: '<p>Good soil, see <a href="https://money.example.test/shop">the seed shop</a>.</p>', createdAt: 0 });
  const big = Buffer.concat([Buffer.from(pdf), Buffer.alloc(PDF_MAX_BYTES, ' ')]);

  beforeAll(async () => {
    server = http.createServer((request, response) => {
      const url = request.url ?? '/';
      if (url === '/doc.pdf') return void response.writeHead(200, { 'content-type': 'application/pdf' }).end(pdf);
      if (url === '/bytes') return void response.writeHead(200, { 'content-type': 'application/octet-stream' }).end(pdf);
      if (url === '/mislabelled') return void response.writeHead(200, { 'content-type': 'text/html' }).end(pdf);
      if (url === '/nofollow.pdf') return void response.writeHead(200, { 'content-type': 'application/pdf', 'x-robots-tag': 'nofollow' }).end(pdf);
      if (url === '/big.pdf') return void response.writeHead(200, { 'content-type': 'application/pdf' }).end(big);
      response.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const placed = [{ url: 'https://money.example.test/shop', anchor: 'the seed shop' }];

  it('judges a PDF by its link annotations, whatever its content type says', async () => {
    for (const path of ['/doc.pdf', '/bytes', '/mislabelled']) {
      const page = await fetchPage(`${base}${path}`, { timeoutMs: 10_000 });
      expect(page.pdf?.byteLength, path).toBe(pdf.byteLength);
      expect(judgePage(page, placed), path).toEqual({ kind: 'result', status: 'OK', info: 'https://money.example.test/shop: dofollow, anchor "the seed shop"' });
    }
  });

  it('finds a PDF without the link MISSING, and honours X-Robots-Tag nofollow', async () => {
    const page = await fetchPage(`${base}/doc.pdf`, { timeoutMs: 10_000 });
    expect(judgePage(page, [{ url: 'https://other.example.test/', anchor: 'x' }])).toEqual({ kind: 'result', status: 'MISSING', info: 'https://other.example.test/: not found on the page' });
    const unfollowed = await fetchPage(`${base}/nofollow.pdf`, { timeoutMs: 10_000 });
    expect(judgePage(unfollowed, placed)).toMatchObject({ kind: 'result', status: 'NOFOLLOW' });
  });

  it(`refuses a PDF over ${PDF_MAX_BYTES / 1024 / 1024} MB with the reason, reading no more than that`, async () => {
    const page = await fetchPage(`${base}/big.pdf`, { timeoutMs: 20_000 });
    expect(page.truncated).toBe(true);
    expect(page.pdf?.byteLength).toBe(PDF_MAX_BYTES);
    expect(judgePage(page, placed)).toEqual({ kind: 'result', status: 'ERROR', info: PDF_VERDICT_MESSAGES.tooLarge(`${base}/big.pdf`) });
  });
});
