import { Transform, type Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { UPLOAD_MESSAGES } from '@linkloom/shared';
import { HttpError } from '../http/errors';

declare module 'fastify' {
  interface FastifyInstance {
    /** The configured upload limit (MB), for messages. */
    uploadLimitMb: number;
  }
}

export interface UploadedFile {
  filename: string;
  mimetype: string;
  /** The bytes as they arrive; reading past the size limit throws 413. */
  stream: Readable;
}

/** Multipart uploads with the configured size limit (the field the spec names is `file`). */
export async function registerUploads(app: FastifyInstance, maxMb: number): Promise<void> {
  app.decorate('uploadLimitMb', maxMb);
  await app.register(multipart, {
    limits: { fileSize: maxMb * 1024 * 1024, files: 200, fields: 20, parts: 220, fieldSize: 1024 * 1024 },
    throwFileSizeLimit: true,
  });
}

/**
 * Reading a part's stream past the size limit does not throw by itself: the stream just ends
 * early with `truncated` set (its 'limit' event may even fire before anyone listens). The bytes
 * are passed on through a stream that fails with 413 when the file turns out cut, so a cut-off
 * file can never pass as a whole one, whoever reads it.
 */
function failPastLimit(file: Readable & { truncated?: boolean }, maxMb: number): Readable {
  const tooLarge = () => new HttpError(413, UPLOAD_MESSAGES.tooLarge(maxMb));
  const guarded = new Transform({
    transform: (chunk: Buffer, _encoding, callback) => callback(null, chunk),
    flush: (callback) => callback(file.truncated === true ? tooLarge() : null),
  });
  file.once('limit', () => guarded.destroy(tooLarge()));
  file.once('error', (err) => guarded.destroy(err));
  return file.pipe(guarded);
}

function assertMultipart(request: FastifyRequest): void {
  if (!request.isMultipart()) throw new HttpError(406, 'Send the file as multipart/form-data in the field "file"');
}

/** The one file of a single-file upload (field `file`); 400 when there is none. */
export async function receiveFile(request: FastifyRequest): Promise<UploadedFile> {
  assertMultipart(request);
  const part = await request.file();
  if (!part || part.fieldname !== 'file') throw new HttpError(400, UPLOAD_MESSAGES.noFile);
  return { filename: part.filename, mimetype: part.mimetype, stream: failPastLimit(part.file, request.server.uploadLimitMb) };
}

/** Every file of a multi-file upload (field `file`, repeated), one after the other as they stream in. */
export async function* receiveFiles(request: FastifyRequest): AsyncGenerator<UploadedFile> {
  assertMultipart(request);
  let count = 0;
  for await (const part of request.files()) {
    if (part.fieldname !== 'file') {
      part.file.resume();
      continue;
    }
    count += 1;
    yield { filename: part.filename, mimetype: part.mimetype, stream: failPastLimit(part.file, request.server.uploadLimitMb) };
  }
  if (count === 0) throw new HttpError(400, UPLOAD_MESSAGES.noFile);
}

/** Reads a whole (size-limited) upload into memory: for formats that need random access (ZIP). */
export async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
