import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import yazl from 'yazl';
import { readAll } from '../../src/platform/files/upload';

/** One file of a multipart upload. */
export interface UploadPart {
  name: string;
  content: string | Buffer;
}

/** A multipart/form-data body with every part in the field `file`, as a browser sends it. */
export function multipart(parts: readonly UploadPart[]): { body: Buffer; headers: Record<string, string> } {
  const boundary = `----linkloom${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${part.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`));
    chunks.push(typeof part.content === 'string' ? Buffer.from(part.content) : part.content);
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

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
