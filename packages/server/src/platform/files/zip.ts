import { PassThrough, type Readable } from 'node:stream';
import yauzl from 'yauzl';
import yazl from 'yazl';
import { HttpError } from '../http/errors';

export interface ZipTextEntry {
  name: string;
  /** The entry's bytes decoded as UTF-8. */
  text: string;
}

const MAX_ENTRIES = 100_000;

function openZip(buffer: Buffer): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true, decodeStrings: true, validateEntrySizes: true }, (err, zip) => {
      if (err || !zip) reject(new HttpError(400, 'The file is not a valid ZIP archive'));
      else resolve(zip);
    });
  });
}

/** True for an entry path that would land outside the folder the archive is read into. */
export function escapesArchive(name: string): boolean {
  const parts = name.replace(/\\/g, '/').split('/');
  return name.startsWith('/') || /^[a-zA-Z]:/.test(name) || parts.includes('..');
}

/**
 * Reads the files of a ZIP upload as text, refusing the whole archive (nothing is imported) when
 * it is not a ZIP, holds a path outside itself, or expands past `maxExpandedBytes` — counted on the
 * bytes actually inflated, not on what the headers claim. Folders and macOS metadata are skipped.
 */
export async function readZipTextEntries(buffer: Buffer, maxExpandedBytes: number): Promise<ZipTextEntry[]> {
  const zip = await openZip(buffer);
  const entries: ZipTextEntry[] = [];
  let expanded = 0;
  try {
    await new Promise<void>((resolve, reject) => {
      zip.on('error', (err: Error) => {
        // yauzl itself refuses unsafe names ("invalid relative path: ../x") before we see the entry.
        const unsafe = /(?:invalid relative path|absolute path): (.*)$/.exec(err.message);
        reject(new HttpError(400, unsafe ? `The ZIP archive holds a path outside itself: ${unsafe[1]}` : 'The file is not a valid ZIP archive'));
      });
      zip.on('end', () => resolve());
      zip.on('entry', (entry: yauzl.Entry) => {
        const name = entry.fileName;
        if (escapesArchive(name)) return reject(new HttpError(400, `The ZIP archive holds a path outside itself: ${name}`));
        if (name.endsWith('/') || name.startsWith('__MACOSX/') || name.split('/').pop()?.startsWith('.')) return zip.readEntry();
        if (entries.length >= MAX_ENTRIES) return reject(new HttpError(413, `The ZIP archive holds more than ${MAX_ENTRIES} files`));
        zip.openReadStream(entry, (err, stream) => {
          if (err || !stream) return reject(new HttpError(400, `The ZIP entry ${name} cannot be read`));
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => {
            expanded += chunk.length;
            if (expanded > maxExpandedBytes) {
              stream.destroy();
              reject(new HttpError(413, `The ZIP archive expands past the ${Math.round(maxExpandedBytes / 1024 / 1024)} MB limit`));
              return;
            }
            chunks.push(chunk);
          });
          stream.on('error', () => reject(new HttpError(400, `The ZIP entry ${name} is damaged`)));
          stream.on('end', () => {
            entries.push({ name, text: Buffer.concat(chunks).toString('utf8').replace(/^\uFEFF/, '') });
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  } finally {
    zip.close();
  }
  return entries;
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
