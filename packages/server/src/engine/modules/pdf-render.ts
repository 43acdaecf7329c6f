/**
 * A post as a PDF document (issue 37 item 4) with pdfkit: the title, then the article's blocks
 * (html-blocks.ts) set in Helvetica on A4 pages, each link a real URI link annotation over its
 * anchor's words (with the anchor as the annotation's `Contents`, its description for readers
 * that speak the page, which the verifier reads back). Synchronous and linear in the article's
 * length: a long article is set on a content pool thread (content-work.ts, task `pdf`).
 *
 * The standard fonts cover Latin-1 and the Windows punctuation (WinAnsi); letters beyond it are
 * written as their nearest Latin letter when there is one (accents dropped), else left out.
 */
import { createRequire } from 'node:module';
import type PDFKitModule from 'pdfkit';
import { htmlBlocks, type TextBlock, type TextRun } from './html-blocks';

export interface PdfInput {
  title: string;
  /** The article as HTML, its links placed. */
  html: string;
  /** Who wrote it (the document's Author), when known. */
  author?: string;
  /** When it was written (the document's dates), epoch ms. */
  createdAt: number;
}

type PdfKit = typeof PDFKitModule;
let pdfKitModule: PdfKit | undefined;

/** pdfkit, loaded at the first PDF (it takes most of a second to load: never at the server's start). */
function pdfKit(): PdfKit {
  pdfKitModule ??= createRequire(import.meta.url)('pdfkit') as PdfKit;
  return pdfKitModule;
}

const MARGIN = 64;
const TEXT_COLOUR = '#1f1f1f';
const LINK_COLOUR = '#1a4fb4';
const BODY_SIZE = 11;
const HEADING_SIZES: Record<number, number> = { 1: 18, 2: 16, 3: 14, 4: 12.5, 5: 12, 6: 11.5 };

/** Characters WinAnsi has beyond Latin-1 (the standard fonts' encoding). */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

function inWinAnsi(char: string): boolean {
  const code = char.codePointAt(0)!;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(char);
}

/** Text the standard fonts can set: other letters as their Latin base letter when they have one, else left out. */
export function winAnsiText(text: string): string {
  let out = '';
  for (const char of text.replace(/[\t\r\n]+/g, ' ')) {
    if (inWinAnsi(char)) {
      out += char;
      continue;
    }
    const base = char.normalize('NFKD').replace(/\p{M}/gu, '');
    for (const part of base) if (inWinAnsi(part)) out += part;
  }
  return out;
}

/** A link's address as a PDF wants it (7-bit: letters beyond ASCII percent-encoded, as a browser sends them). */
export function asciiUri(href: string): string {
  if (/^[\x20-\x7e]*$/.test(href)) return href;
  try {
    return new URL(href).href;
  } catch {
    return encodeURI(href);
  }
}

function fontOf(run: Pick<TextRun, 'bold' | 'italic'>, code: boolean): string {
  if (code) return run.bold ? 'Courier-Bold' : 'Courier';
  if (run.bold && run.italic) return 'Helvetica-BoldOblique';
  if (run.bold) return 'Helvetica-Bold';
  if (run.italic) return 'Helvetica-Oblique';
  return 'Helvetica';
}

/** The PDF of a post, as bytes. */
export function renderPdf(input: PdfInput): Uint8Array {
  const created = new Date(input.createdAt);
  const PDFDocument = pdfKit();
  const doc = new PDFDocument({
    size: 'A4', margin: MARGIN, compress: true, displayTitle: true, autoFirstPage: true, bufferPages: false,
    info: { Title: winAnsiText(input.title), CreationDate: created, ModDate: created, ...(input.author ? { Author: winAnsiText(input.author) } : {}) },
  });
  // No tool's name in the document's properties: pdfkit writes itself as Producer and Creator by default,
  // one fixed pattern across every PDF we publish (nothing published carries a machine token).
  const info = doc.info as unknown as Record<string, unknown>;
  delete info.Producer;
  delete info.Creator;
  // Each link annotation carries its anchor as its Contents (pdfkit passes the options through).
  let anchor: string | null = null;
  const link = doc.link.bind(doc);
  doc.link = ((x: number, y: number, w: number, h: number, url: string | number, options: Record<string, unknown> = {}) =>
    link(x, y, w, h, url as string, anchor === null ? options : { ...options, Contents: new String(anchor) })) as typeof doc.link;

  const width = doc.page.width - MARGIN * 2;
  doc.font('Helvetica-Bold').fontSize(20).fillColor(TEXT_COLOUR).text(winAnsiText(input.title), { width, lineGap: 2 });
  doc.moveDown(0.8);
  for (const block of htmlBlocks(input.html)) setBlock(doc, block, width, (text) => { anchor = text; });
  doc.end();
  const chunks: Buffer[] = [];
  // The stream is paused (no 'data' listener): what end() pushed is all in its buffer, read at once.
  for (let chunk = doc.read() as Buffer | null; chunk !== null; chunk = doc.read() as Buffer | null) chunks.push(chunk);
  return new Uint8Array(Buffer.concat(chunks));
}

function setBlock(doc: PDFKit.PDFDocument, block: TextBlock, width: number, linkAnchor: (text: string | null) => void): void {
  const code = block.kind === 'code';
  const size = block.kind === 'heading' ? HEADING_SIZES[block.level] ?? BODY_SIZE : code ? BODY_SIZE - 1 : BODY_SIZE;
  const indent = block.kind === 'item' ? 14 * block.depth : block.kind === 'quote' ? 18 : 0;
  const runs = block.runs.map((run) => ({ ...run, text: code ? winAnsiText(run.text) : winAnsiText(run.text) })).filter((run) => run.text !== '');
  if (block.kind === 'item' && block.marker) runs.unshift({ text: `${block.marker} `, bold: false, italic: false, href: null });
  if (runs.length === 0) return;
  if (block.kind === 'heading') doc.moveDown(0.4);
  doc.x = MARGIN + indent;
  runs.forEach((run, index) => {
    linkAnchor(run.href === null ? null : run.text.trim());
    doc.font(fontOf({ bold: run.bold, italic: run.italic || block.kind === 'quote' }, code)).fontSize(size).fillColor(run.href === null ? TEXT_COLOUR : LINK_COLOUR);
    doc.text(run.text, { width: width - indent, lineGap: 3, continued: index < runs.length - 1, link: run.href === null ? null : asciiUri(run.href), underline: run.href !== null });
  });
  linkAnchor(null);
  doc.x = MARGIN;
  doc.moveDown(block.kind === 'heading' ? 0.3 : 0.6);
}
