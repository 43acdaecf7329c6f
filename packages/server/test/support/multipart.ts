import { randomBytes } from 'node:crypto';

/** One file of a multipart upload. */
export interface UploadPart {
  name: string;
  content: string | Buffer;
}

/** Where the parts go and how they are labelled (a browser's upload button sends field `file`). */
export interface MultipartOptions {
  field?: string;
  contentType?: string;
}

/** A multipart/form-data body with every part as a file in one field, as a browser sends it. */
export function multipart(
  parts: readonly UploadPart[],
  { field = 'file', contentType = 'application/octet-stream' }: MultipartOptions = {},
): { body: Buffer; headers: Record<string, string> } {
  const boundary = `----linkloom${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${part.name}"\r\nContent-Type: ${contentType}\r\n\r\n`));
    chunks.push(typeof part.content === 'string' ? Buffer.from(part.content) : part.content);
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A multipart/form-data body holding one file. */
export function multipartFile(filename: string, content: string | Buffer, options: MultipartOptions = {}): { body: Buffer; headers: Record<string, string> } {
  return multipart([{ name: filename, content }], options);
}
