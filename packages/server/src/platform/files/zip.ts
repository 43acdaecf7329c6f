import { PassThrough, Transform, type Readable } from 'node:stream';
import yauzl from 'yauzl';
import yazl from 'yazl';
import { HttpError } from '../http/errors';

/** One upload's allowance of inflated bytes, shared by all its archives (the ZIP bomb guard). */
export interface ExpansionBudget {
  limitBytes: number;
  left: number;
}

export function expansionBudget(limitBytes: number): ExpansionBudget {
  return { limitBytes, left: limitBytes };
}

/** A file inside a ZIP, its bytes inflated as they are read; read it to the end or destroy it. */
export interface ZipEntryStream {
  name: string;
  stream: Readable;
}

const MAX_ENTRIES = 100_000;

const notZip = () => new HttpError(400, 'The file is not a valid ZIP archive');

/** Opens a ZIP from a file on disk (uploads are spooled) or from bytes in memory (small ones). */
function openZip(source: string | Buffer): Promise<yauzl.ZipFile> {
  const options = { lazyEntries: true, decodeStrings: true, validateEntrySizes: true, autoClose: false };
  return new Promise((resolve, reject) => {
    const opened = (err: Error | null, zip?: yauzl.ZipFile) => (err || !zip ? reject(notZip()) : resolve(zip));
    if (typeof source === 'string') yauzl.open(source, options, opened);
    else yauzl.fromBuffer(source, options, opened);
  });
}

/** yauzl refuses unsafe names itself ("invalid relative path: ../x") before the entry is seen. */
function zipError(err: Error): HttpError {
  const unsafe = /(?:invalid relative path|absolute path): (.*)$/.exec(err.message);
  return unsafe ? new HttpError(400, `The ZIP archive holds a path outside itself: ${unsafe[1]}`) : notZip();
}

/** The archive's next entry, or null after the last. */
function nextEntry(zip: yauzl.ZipFile): Promise<yauzl.Entry | null> {
  return new Promise((resolve, reject) => {
    const settle = (action: () => void) => {
      zip.off('entry', onEntry).off('end', onEnd).off('error', onError);
      action();
    };
    const onEntry = (entry: yauzl.Entry) => settle(() => resolve(entry));
    const onEnd = () => settle(() => resolve(null));
    const onError = (err: Error) => settle(() => reject(zipError(err)));
    zip.on('entry', onEntry).on('end', onEnd).on('error', onError);
    zip.readEntry();
  });
}

function openEntry(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<Readable> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (err, stream) => {
      if (err || !stream) reject(new HttpError(400, `The ZIP entry ${entry.fileName} cannot be read`));
      else resolve(stream);
    });
  });
}

/** Passes inflated bytes on while they fit the upload's budget; past it, fails with 413. */
function countedAgainst(budget: ExpansionBudget): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      budget.left -= chunk.length;
      if (budget.left < 0) {
        return callback(new HttpError(413, `The ZIP archives of this upload expand past the ${Math.round(budget.limitBytes / 1024 / 1024)} MB limit`));
      }
      return callback(null, chunk);
    },
  });
}

/** True for the entries that are not files of the user: folders and macOS metadata. */
function isSkipped(name: string): boolean {
  return name.endsWith('/') || name.startsWith('__MACOSX/') || (name.split('/').pop()?.startsWith('.') ?? false);
}

/**
 * The files of a ZIP on disk, one at a time, each streamed as it inflates (never a whole archive
 * or a whole entry in memory). Every inflated byte counts against `budget`, shared by all archives
 * of one upload and counted on the bytes actually inflated, not on what the headers claim: past it
 * the entry's stream fails with 413. An archive that is not a ZIP, or holds a path outside itself,
 * throws 400. The caller reads (or destroys) each entry's stream before asking for the next.
 */
export async function* readZipEntries(source: string | Buffer, budget: ExpansionBudget): AsyncGenerator<ZipEntryStream> {
  const zip = await openZip(source);
  let count = 0;
  try {
    for (let entry = await nextEntry(zip); entry !== null; entry = await nextEntry(zip)) {
      const name = entry.fileName;
      if (escapesArchive(name)) throw new HttpError(400, `The ZIP archive holds a path outside itself: ${name}`);
      if (isSkipped(name)) continue;
      count += 1;
      if (count > MAX_ENTRIES) throw new HttpError(413, `The ZIP archive holds more than ${MAX_ENTRIES} files`);
      const raw = await openEntry(zip, entry);
      const counted = countedAgainst(budget);
      raw.once('error', (err) => counted.destroy(err instanceof HttpError ? err : new HttpError(400, `The ZIP entry ${name} is damaged`)));
      raw.pipe(counted);
      try {
        yield { name, stream: counted };
      } finally {
        raw.destroy();
        counted.destroy();
      }
    }
  } finally {
    zip.close();
  }
}

/** Every file of a small ZIP as text (round-trips of exports); large uploads use readZipEntries. */
export async function readZipTextEntries(source: string | Buffer, maxExpandedBytes: number): Promise<{ name: string; text: string }[]> {
  const entries: { name: string; text: string }[] = [];
  for await (const entry of readZipEntries(source, expansionBudget(maxExpandedBytes))) {
    const chunks: Buffer[] = [];
    for await (const chunk of entry.stream) chunks.push(chunk as Buffer);
    entries.push({ name: entry.name, text: Buffer.concat(chunks).toString('utf8').replace(/^\uFEFF/, '') });
  }
  return entries;
}

/** True for an entry path that would land outside the folder the archive is read into. */
export function escapesArchive(name: string): boolean {
  const parts = name.replace(/\\/g, '/').split('/');
  return name.startsWith('/') || /^[a-zA-Z]:/.test(name) || parts.includes('..');
}

/** True when the bytes start like a ZIP archive (local file header or empty-archive record). */
export function looksLikeZip(head: Buffer): boolean {
  return head.length >= 4 && head[0] === 0x50 && head[1] === 0x4b && (head[2] === 3 || head[2] === 5) && (head[3] === 4 || head[3] === 6);
}

/**
 * A ZIP written as it is read: each entry's content is pulled from its stream when the archive
 * reaches it, so an export of many large files never sits in memory whole.
 */
export function zipStream(entries: AsyncIterable<{ name: string; content: Readable }>): Readable {
  const zip = new yazl.ZipFile();
  const output = new PassThrough();
  zip.outputStream.pipe(output);
  void (async () => {
    try {
      for await (const entry of entries) zip.addReadStream(entry.content, entry.name);
      zip.end();
    } catch (err) {
      output.destroy(err instanceof Error ? err : new Error(String(err)));
    }
  })();
  return output;
}
