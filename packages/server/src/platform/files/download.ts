import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/** Content-Disposition for a download: an ASCII fallback plus the exact UTF-8 name (RFC 6266/5987). */
export function contentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

/** Sends a file download; a stream body is streamed, never buffered whole. */
export function sendAttachment(reply: FastifyReply, file: { filename: string; contentType: string; body: Readable | string | Buffer }): FastifyReply {
  return reply
    .header('content-disposition', contentDisposition(file.filename))
    .header('cache-control', 'no-store')
    .type(file.contentType)
    .send(file.body);
}

/** Sends a file to be shown in the page (a picture for <img>), with the caching it allows. */
export function sendInline(reply: FastifyReply, file: { contentType: string; body: string | Buffer; cacheControl: string }): FastifyReply {
  return reply.header('cache-control', file.cacheControl).type(file.contentType).send(file.body);
}
