import type { Readable } from 'node:stream';
import yazl from 'yazl';
import { buffer as readAll } from 'node:stream/consumers';

/** A ZIP holding the given files. */
export async function zipOf(files: Record<string, string | Buffer>): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, content] of Object.entries(files)) zip.addBuffer(typeof content === 'string' ? Buffer.from(content) : content, name);
  zip.end();
  return readAll(zip.outputStream as Readable);
}

/**
 * A ZIP whose entry points outside the archive (`../evil.txt`). yazl refuses to write such a name,
 * so the archive is written with a same-length name and the name bytes are swapped afterwards.
 */
export async function zipSlip(): Promise<Buffer> {
  const buffer = await zipOf({ 'ok.txt': 'Title\nBody', 'xx/evil.txt': 'Evil\nBody' });
  const from = Buffer.from('xx/evil.txt');
  const to = Buffer.from('../evil.txt');
  let index = buffer.indexOf(from);
  while (index !== -1) {
    to.copy(buffer, index);
    index = buffer.indexOf(from, index + 1);
  }
  return buffer;
}

/** The first bytes of a PNG image: binary, with NUL bytes. */
export const PNG_BYTES = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52]);
