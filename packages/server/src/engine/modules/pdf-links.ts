/**
 * The links of a PDF document, read for backlink verification (issue 37 item 4): its link
 * annotations (`/Subtype /Link`) whose action is a URI (`/A << /S /URI /URI (…) >>`), with the
 * annotation's `/Contents` (its description, which LinkLoom's PDFs set to the anchor) in page order.
 *
 * A small reader of PDF syntax, not a renderer: one linear pass over the file's objects
 * (`N G obj … endobj`, plain or packed in object streams), streams skipped unless they are object
 * streams (FlateDecode, inflated with a size limit), references resolved through the objects read.
 * Bounded: the file's size (the caller refuses larger ones), the bytes inflated in all, the nesting
 * of arrays and dictionaries, the links answered. Never throws on malformed input: it answers what
 * it could read, or why it could not (not a PDF, encrypted).
 */
import { inflateSync } from 'node:zlib';

/** One link of the document. */
export interface PdfLink {
  uri: string;
  /** The annotation's Contents (its text), '' when it has none. */
  contents: string;
}

export type PdfLinksResult = { ok: true; links: PdfLink[] } | { ok: false; reason: string };

export interface PdfReadLimits {
  /** Bytes inflated from object streams, all together. */
  maxInflatedBytes?: number;
  /** Arrays and dictionaries inside one another. */
  maxDepth?: number;
  /** Links answered at most. */
  maxLinks?: number;
}

export const PDF_READ_LIMITS = { maxInflatedBytes: 64 * 1024 * 1024, maxDepth: 64, maxLinks: 10_000 } as const;

export const PDF_LINK_MESSAGES = {
  notPdf: 'The answer is not a PDF document (no %PDF- header)',
  encrypted: 'The PDF is encrypted: its links cannot be read',
} as const;

// ---------------------------------------------------------------------------------------------
// Values

class Name {
  constructor(readonly value: string) {}
}
class PdfString {
  constructor(readonly bytes: Uint8Array) {}
}
class Ref {
  constructor(readonly num: number, readonly gen: number) {}
}
class Keyword {
  constructor(readonly value: string) {}
}
type Dict = Map<string, Value>;
type Value = number | boolean | null | Name | PdfString | Ref | Value[] | Dict;

const isDict = (value: Value | undefined): value is Dict => value instanceof Map;

// ---------------------------------------------------------------------------------------------
// Lexer

const WHITE = new Uint8Array(256);
for (const code of [0, 9, 10, 12, 13, 32]) WHITE[code] = 1;
const DELIMITER = new Uint8Array(256);
for (const char of '()<>[]{}/%') DELIMITER[char.charCodeAt(0)] = 1;

const isRegular = (code: number) => WHITE[code] === 0 && DELIMITER[code] === 0;

type Token =
  | { kind: 'value'; value: Name | PdfString | number | Keyword }
  | { kind: 'open'; what: 'dict' | 'array' }
  | { kind: 'close'; what: 'dict' | 'array' }
  | { kind: 'end' };

class Lexer {
  pos: number;

  constructor(readonly bytes: Uint8Array, start = 0, readonly end = bytes.length) {
    this.pos = start;
  }

  next(): Token {
    const { bytes, end } = this;
    for (;;) {
      while (this.pos < end && WHITE[bytes[this.pos]!] === 1) this.pos += 1;
      if (this.pos >= end) return { kind: 'end' };
      if (bytes[this.pos] !== 0x25) break; // '%' comment to the end of the line
      while (this.pos < end && bytes[this.pos] !== 0x0a && bytes[this.pos] !== 0x0d) this.pos += 1;
    }
    const code = bytes[this.pos]!;
    switch (code) {
      case 0x2f: { // '/' name
        const start = ++this.pos;
        while (this.pos < end && isRegular(bytes[this.pos]!)) this.pos += 1;
        return { kind: 'value', value: new Name(decodeName(bytes.subarray(start, this.pos))) };
      }
      case 0x28: // '(' literal string
        return { kind: 'value', value: this.literalString() };
      case 0x3c: // '<<' or '<' hex string
        if (bytes[this.pos + 1] === 0x3c) {
          this.pos += 2;
          return { kind: 'open', what: 'dict' };
        }
        return { kind: 'value', value: this.hexString() };
      case 0x3e: // '>>'
        this.pos += bytes[this.pos + 1] === 0x3e ? 2 : 1;
        return { kind: 'close', what: 'dict' };
      case 0x5b:
        this.pos += 1;
        return { kind: 'open', what: 'array' };
      case 0x5d:
        this.pos += 1;
        return { kind: 'close', what: 'array' };
      case 0x7b: case 0x7d: case 0x29: // '{' '}' (PostScript functions) and a stray ')': nothing to us
        this.pos += 1;
        return this.next();
      default: {
        const start = this.pos;
        while (this.pos < end && isRegular(bytes[this.pos]!)) this.pos += 1;
        const text = latin1(bytes.subarray(start, this.pos));
        if (/^[+-]?(\d+\.?\d*|\.\d+)$/.test(text)) return { kind: 'value', value: Number(text) };
        return { kind: 'value', value: new Keyword(text) };
      }
    }
  }

  /** `( … )` with nested parentheses and escapes; an unclosed one runs to the end. */
  private literalString(): PdfString {
    const { bytes, end } = this;
    this.pos += 1;
    const out: number[] = [];
    let depth = 1;
    while (this.pos < end) {
      const code = bytes[this.pos++]!;
      if (code === 0x5c) { // backslash
        if (this.pos >= end) break;
        const next = bytes[this.pos++]!;
        switch (next) {
          case 0x6e: out.push(0x0a); break;
          case 0x72: out.push(0x0d); break;
          case 0x74: out.push(0x09); break;
          case 0x62: out.push(0x08); break;
          case 0x66: out.push(0x0c); break;
          case 0x0d: if (bytes[this.pos] === 0x0a) this.pos += 1; break; // line continuation
          case 0x0a: break;
          default:
            if (next >= 0x30 && next <= 0x37) {
              let value = next - 0x30;
              for (let i = 0; i < 2 && this.pos < end && bytes[this.pos]! >= 0x30 && bytes[this.pos]! <= 0x37; i++) value = value * 8 + (bytes[this.pos++]! - 0x30);
              out.push(value & 0xff);
            } else out.push(next);
        }
        continue;
      }
      if (code === 0x28) depth += 1;
      else if (code === 0x29 && --depth === 0) break;
      out.push(code);
    }
    return new PdfString(Uint8Array.from(out));
  }

  /** `< hex digits >`, white space ignored, an odd last digit read as followed by 0. */
  private hexString(): PdfString {
    const { bytes, end } = this;
    this.pos += 1;
    const out: number[] = [];
    let high = -1;
    while (this.pos < end) {
      const code = bytes[this.pos++]!;
      if (code === 0x3e) break;
      const digit = hexDigit(code);
      if (digit < 0) continue;
      if (high < 0) high = digit;
      else {
        out.push(high * 16 + digit);
        high = -1;
      }
    }
    if (high >= 0) out.push(high * 16);
    return new PdfString(Uint8Array.from(out));
  }
}

function hexDigit(code: number): number {
  if (code >= 0x30 && code <= 0x39) return code - 0x30;
  if (code >= 0x41 && code <= 0x46) return code - 0x37;
  if (code >= 0x61 && code <= 0x66) return code - 0x57;
  return -1;
}

function latin1(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
}

/** A name's `#xx` escapes decoded. */
function decodeName(bytes: Uint8Array): string {
  const text = latin1(bytes);
  return text.includes('#') ? text.replace(/#([0-9a-fA-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))) : text;
}

// ---------------------------------------------------------------------------------------------
// Parser

class TooDeep extends Error {}

/**
 * Reads values from the lexer with an explicit stack (no recursion): `onValue` gets each
 * top-level value, keyword or `R`-resolved reference in order.
 */
class ValueReader {
  private readonly lexer: Lexer;

  constructor(bytes: Uint8Array, start: number, end: number, private readonly maxDepth: number) {
    this.lexer = new Lexer(bytes, start, end);
  }

  get pos(): number {
    return this.lexer.pos;
  }

  set pos(value: number) {
    this.lexer.pos = value;
  }

  /**
   * The next top-level item: a complete value, or a keyword (`obj`, `endobj`, `stream`, `R` …;
   * a reference's numbers come back as numbers, `R` as its keyword: the caller joins them at top
   * level, containers join them inside). Null at the end.
   */
  nextItem(): Value | Keyword | null {
    const stack: Frame[] = [];
    for (;;) {
      const token = this.lexer.next();
      if (token.kind === 'end') {
        // An unclosed container at the end: answered as far as it went.
        return stack.length > 0 ? stack[0]!.container : null;
      }
      let value: Value | Keyword;
      if (token.kind === 'open') {
        if (stack.length >= this.maxDepth) throw new TooDeep();
        stack.push(frameOf(token.what));
        continue;
      } else if (token.kind === 'close') {
        const top = stack.pop();
        if (!top) continue; // a stray closer
        value = top.container;
      } else {
        value = token.value;
      }
      if (stack.length === 0) return value;
      const top = stack[stack.length - 1]!;
      if (value instanceof Keyword) {
        if (value.value === 'R') joinReference(top);
        else if (value.value === 'true' || value.value === 'false' || value.value === 'null') add(top, value.value === 'null' ? null : value.value === 'true');
        // Any other keyword inside a container (`obj`, `endobj` of a broken file) is dropped.
        continue;
      }
      add(top, value);
    }
  }
}

interface Frame {
  container: Value[] | Dict;
  isDict: boolean;
  /** Dictionaries: the key waiting for its value, the key of the last value set, and a number that came with no key waiting (a reference's generation). */
  key: string | null;
  lastKey: string | null;
  spare: number | null;
}

function frameOf(what: 'dict' | 'array'): Frame {
  return { container: what === 'dict' ? new Map() : [], isDict: what === 'dict', key: null, lastKey: null, spare: null };
}

function add(frame: Frame, value: Value): void {
  if (!frame.isDict) {
    (frame.container as Value[]).push(value);
    return;
  }
  const dict = frame.container as Dict;
  if (frame.key === null) {
    if (value instanceof Name) {
      frame.key = value.value;
      frame.spare = null;
    } else if (typeof value === 'number') frame.spare = value;
    return;
  }
  dict.set(frame.key, value);
  frame.lastKey = frame.key;
  frame.key = null;
  frame.spare = null;
}

/** `N G R` inside a container: the two numbers just read become a reference. */
function joinReference(frame: Frame): void {
  if (!frame.isDict) {
    const array = frame.container as Value[];
    const gen = array[array.length - 1];
    const num = array[array.length - 2];
    if (typeof num === 'number' && typeof gen === 'number') {
      array.length -= 2;
      array.push(new Ref(num, gen));
    }
    return;
  }
  const dict = frame.container as Dict;
  const num = frame.lastKey === null ? undefined : dict.get(frame.lastKey);
  if (frame.key === null && frame.spare !== null && typeof num === 'number') dict.set(frame.lastKey!, new Ref(num, frame.spare));
  frame.spare = null;
}

// ---------------------------------------------------------------------------------------------
// The document

interface Document {
  objects: Map<number, Value>;
  /** Dictionaries found at top level or inside top-level values, in file order (for annotations outside pages). */
  encrypted: boolean;
  trailers: Dict[];
}

function isKeyword(value: Value | Keyword | null, word: string): boolean {
  return value instanceof Keyword && value.value === word;
}

/** The bytes after the `stream` keyword up to `endstream` (by /Length when it points at `endstream`). */
function streamExtent(bytes: Uint8Array, after: number, dict: Dict, endstreams: EndstreamFinder): { start: number; end: number; next: number } {
  let start = after;
  if (bytes[start] === 0x0d) start += 1;
  if (bytes[start] === 0x0a) start += 1;
  const length = dict.get('Length');
  if (typeof length === 'number' && length >= 0 && start + length <= bytes.length) {
    let at = start + length;
    while (at < bytes.length && WHITE[bytes[at]!] === 1) at += 1;
    if (startsWith(bytes, at, ENDSTREAM)) return { start, end: start + length, next: at + ENDSTREAM.length };
  }
  const found = endstreams.find(start);
  if (found < 0) return { start, end: bytes.length, next: bytes.length };
  let end = found;
  if (end > start && bytes[end - 1] === 0x0a) end -= 1;
  if (end > start && bytes[end - 1] === 0x0d) end -= 1;
  return { start, end, next: found + ENDSTREAM.length };
}

const ENDSTREAM = Buffer.from('endstream', 'latin1');

function startsWith(bytes: Uint8Array, at: number, what: Uint8Array): boolean {
  if (at + what.length > bytes.length) return false;
  for (let i = 0; i < what.length; i++) if (bytes[at + i] !== what[i]) return false;
  return true;
}

/**
 * Finds the next `endstream` at or after a position. Positions only grow, and an answer (or the
 * knowledge that there is none) is kept, so the file is searched once in all: linear even when
 * streams lie about their length or never end.
 */
class EndstreamFinder {
  private found = -2; // -2: not searched yet
  private searchedFrom = 0;

  constructor(private readonly bytes: Buffer) {}

  find(from: number): number {
    if (this.found >= from) return this.found;
    if (this.found === -1 && from >= this.searchedFrom) return -1;
    this.searchedFrom = from;
    this.found = this.bytes.indexOf(ENDSTREAM, from);
    return this.found;
  }
}

function filtersOf(dict: Dict): string[] {
  const filter = dict.get('Filter');
  if (filter instanceof Name) return [filter.value];
  if (Array.isArray(filter)) return filter.flatMap((item) => (item instanceof Name ? [item.value] : []));
  return [];
}

class Budget {
  constructor(public remaining: number) {}
}

/** An object stream's bytes inflated within the budget; null when it cannot be read (another filter, broken data, over budget). */
function inflated(bytes: Uint8Array, dict: Dict, budget: Budget): Uint8Array | null {
  const filters = filtersOf(dict);
  if (filters.length === 0) return bytes;
  if (filters.length !== 1 || (filters[0] !== 'FlateDecode' && filters[0] !== 'Fl')) return null;
  if (budget.remaining <= 0) return null;
  try {
    const out = inflateSync(bytes, { maxOutputLength: budget.remaining });
    budget.remaining -= out.byteLength;
    return out;
  } catch {
    return null;
  }
}

/** Reads every object of the file, those packed in object streams too. */
function readDocument(bytes: Buffer, limits: Required<PdfReadLimits>): Document {
  const objects = new Map<number, Value>();
  const trailers: Dict[] = [];
  const objectStreams: { dict: Dict; data: Uint8Array }[] = [];
  const reader = new ValueReader(bytes, 0, bytes.length, limits.maxDepth);
  const endstreams = new EndstreamFinder(bytes);
  // The last items at top level: `N G obj` opens an object; a dict then `stream` is a stream.
  let numbers: number[] = [];
  let current: { num: number; value: Value | undefined } | null = null;
  let encrypted = false;
  for (;;) {
    let item: Value | Keyword | null;
    try {
      item = reader.nextItem();
    } catch (error) {
      if (error instanceof TooDeep) {
        // Skip the rest of that object: its `endobj` resumes the reading.
        const next = bytes.indexOf('endobj', reader.pos, 'latin1');
        if (next < 0) break;
        reader.pos = next + 6;
        current = null;
        numbers = [];
        continue;
      }
      throw error;
    }
    if (item === null) break;
    if (typeof item === 'number') {
      numbers.push(item);
      if (numbers.length > 2) numbers.shift();
      continue;
    }
    if (item instanceof Keyword) {
      switch (item.value) {
        case 'obj':
          current = numbers.length === 2 && Number.isInteger(numbers[0]) ? { num: numbers[0]!, value: undefined } : null;
          break;
        case 'endobj':
          if (current && current.value === undefined && numbers.length > 0) current.value = numbers[numbers.length - 1]!;
          if (current && current.value !== undefined) objects.set(current.num, current.value);
          current = null;
          break;
        case 'R':
          if (current && current.value === undefined && numbers.length === 2) current.value = new Ref(numbers[0]!, numbers[1]!);
          break;
        case 'stream': {
          const dict = current?.value;
          const extent = streamExtent(bytes, reader.pos, isDict(dict) ? dict : new Map(), endstreams);
          if (isDict(dict)) {
            const type = dict.get('Type');
            if (type instanceof Name && type.value === 'ObjStm') objectStreams.push({ dict, data: bytes.subarray(extent.start, extent.end) });
            if (type instanceof Name && type.value === 'XRef') trailers.push(dict);
          }
          reader.pos = extent.next;
          break;
        }
        case 'trailer':
          break;
        case 'true': case 'false': case 'null':
          if (current && current.value === undefined) current.value = item.value === 'null' ? null : item.value === 'true';
          break;
        default:
          break;
      }
      numbers = [];
      continue;
    }
    if (current && current.value === undefined) current.value = item;
    else if (!current && isDict(item)) trailers.push(item); // `trailer << … >>`
    numbers = [];
  }
  // Objects packed in object streams (PDF 1.5+); a plain object of the same number read later wins.
  const budget = new Budget(limits.maxInflatedBytes);
  for (const stream of objectStreams) {
    const data = inflated(stream.data, stream.dict, budget);
    const count = stream.dict.get('N');
    const first = stream.dict.get('First');
    if (!data || typeof count !== 'number' || typeof first !== 'number' || first < 0 || first > data.length) continue;
    const header = new ValueReader(data, 0, first, limits.maxDepth);
    const numbersOf: number[] = [];
    for (let i = 0; i < count * 2; i++) {
      const value = header.nextItem();
      if (typeof value !== 'number') break;
      if (i % 2 === 0) numbersOf.push(value);
    }
    // The objects in their order, read one after another (never from offsets that could overlap).
    const body = new ValueReader(data, first, data.length, limits.maxDepth);
    for (const num of numbersOf) {
      let value: Value | Keyword | null;
      try {
        value = readObjectValue(body);
      } catch (error) {
        if (error instanceof TooDeep) break;
        throw error;
      }
      if (value === null) break;
      if (!(value instanceof Keyword) && !objects.has(num)) objects.set(num, value);
    }
  }
  for (const trailer of trailers) if (trailer.has('Encrypt')) encrypted = true;
  return { objects, encrypted, trailers };
}

/** One object's value inside an object stream: a value, or `N G R` joined into a reference. */
function readObjectValue(reader: ValueReader): Value | Keyword | null {
  const first = reader.nextItem();
  if (typeof first !== 'number') return first;
  const save = reader.pos;
  const second = reader.nextItem();
  if (typeof second === 'number') {
    const third = reader.nextItem();
    if (isKeyword(third, 'R')) return new Ref(first, second);
  }
  reader.pos = save;
  return first;
}

// ---------------------------------------------------------------------------------------------
// Links

function resolve(doc: Document, value: Value | undefined, hops = 0): Value | undefined {
  let current = value;
  for (let i = hops; current instanceof Ref && i < 16; i++) current = doc.objects.get(current.num);
  return current instanceof Ref ? undefined : current;
}

/** A PDF text string: UTF-16BE after its mark, UTF-8 after its mark (PDF 2.0), else PDFDocEncoding (read as Latin-1). */
export function pdfText(bytes: Uint8Array): string {
  if (bytes.length >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff) {
    const swapped = Buffer.from(bytes.subarray(2, 2 + ((bytes.length - 2) & ~1)));
    swapped.swap16();
    return swapped.toString('utf16le');
  }
  if (bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return Buffer.from(bytes.subarray(3)).toString('utf8');
  return latin1(bytes);
}

/** A URI string: 7-bit by the standard, but UTF-8 in practice (read so when it is valid UTF-8). */
function uriText(bytes: Uint8Array): string {
  if (bytes.length >= 2 && ((bytes[0] === 0xfe && bytes[1] === 0xff) || (bytes[0] === 0xef && bytes[1] === 0xbb))) return pdfText(bytes);
  const utf8 = Buffer.from(bytes).toString('utf8');
  return utf8.includes('\uFFFD') ? latin1(bytes) : utf8;
}

function linkOf(doc: Document, annotation: Dict): PdfLink | null {
  const subtype = annotation.get('Subtype');
  if (!(subtype instanceof Name) || subtype.value !== 'Link') return null;
  const action = resolve(doc, annotation.get('A'));
  if (!isDict(action)) return null;
  const kind = action.get('S');
  const uri = resolve(doc, action.get('URI'));
  if (!(kind instanceof Name) || kind.value !== 'URI' || !(uri instanceof PdfString)) return null;
  const contents = resolve(doc, annotation.get('Contents'));
  return { uri: uriText(uri.bytes).trim(), contents: contents instanceof PdfString ? pdfText(contents.bytes).replace(/\s+/g, ' ').trim() : '' };
}

/** The pages in document order, from the catalogue's page tree (each node once). */
function pagesOf(doc: Document): Dict[] {
  const roots = doc.trailers.map((trailer) => resolve(doc, trailer.get('Root'))).filter(isDict);
  const pages: Dict[] = [];
  const seen = new Set<Value>();
  for (const root of roots.slice(-1)) {
    const stack: Value[] = [root.get('Pages') ?? null];
    while (stack.length > 0) {
      const node = resolve(doc, stack.pop()!);
      if (!isDict(node) || seen.has(node)) continue;
      seen.add(node);
      const kids = resolve(doc, node.get('Kids'));
      if (Array.isArray(kids)) for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i]!);
      else pages.push(node);
    }
  }
  if (pages.length > 0) return pages;
  // No readable page tree (a broken or unusual file): every page object, in object number order.
  return [...doc.objects.entries()].sort(([a], [b]) => a - b).map(([, value]) => value)
    .filter((value): value is Dict => isDict(value) && value.get('Type') instanceof Name && (value.get('Type') as Name).value === 'Page');
}

/**
 * The URI links of a PDF (see the module's comment): those on its pages, in page order; `ok:
 * false` with the reason when it is no PDF or is encrypted (its strings cannot be read).
 */
export function readPdfLinks(input: Uint8Array, limits: PdfReadLimits = {}): PdfLinksResult {
  const bytes = Buffer.from(input.buffer, input.byteOffset, input.byteLength);
  const header = bytes.indexOf('%PDF-', 0, 'latin1');
  if (header < 0 || header > 1024) return { ok: false, reason: PDF_LINK_MESSAGES.notPdf };
  const bounded = { ...PDF_READ_LIMITS, ...limits };
  const doc = readDocument(bytes, bounded);
  if (doc.encrypted) return { ok: false, reason: PDF_LINK_MESSAGES.encrypted };
  const links: PdfLink[] = [];
  for (const page of pagesOf(doc)) {
    const annotations = resolve(doc, page.get('Annots'));
    if (!Array.isArray(annotations)) continue;
    for (const entry of annotations) {
      const annotation = resolve(doc, entry);
      const link = isDict(annotation) ? linkOf(doc, annotation) : null;
      if (link && link.uri !== '') links.push(link);
      if (links.length >= bounded.maxLinks) return { ok: true, links };
    }
  }
  return { ok: true, links };
}
