import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';

declare module 'fastify' {
  interface FastifyInstance {
    /** The configured upload limit (MB), for messages. */
    uploadLimitMb: number;
  }
}

/**
 * Multipart uploads with the configured size limit (the field the spec names is `file`); routes
 * receive them through spoolUpload() (spool-upload.ts).
 *
 * An answer sent before the request's body was read (a refused session, CSRF token or id, a file
 * past the limit) closes the connection: the client is still sending a body nobody reads, and on
 * a kept-alive connection its next request would wait behind those bytes.
 */
export async function registerUploads(app: FastifyInstance, maxMb: number): Promise<void> {
  app.decorate('uploadLimitMb', maxMb);
  await app.register(multipart, {
    limits: { fileSize: maxMb * 1024 * 1024, files: 200, fields: 20, parts: 220, fieldSize: 1024 * 1024 },
    throwFileSizeLimit: true,
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    if (!request.raw.complete) reply.header('connection', 'close');
    done(null, payload);
  });
}
