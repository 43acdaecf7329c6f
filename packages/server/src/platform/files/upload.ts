import type { FastifyInstance } from 'fastify';
import multipart, { type FastifyMultipartOptions } from '@fastify/multipart';
import { sweepStaleSpoolDirs } from './spool-dirs';

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
  await registerMultipartWithoutSavedFileHooks(app, {
    limits: { fileSize: maxMb * 1024 * 1024, files: 200, fields: 20, parts: 220, fieldSize: 1024 * 1024 },
    throwFileSizeLimit: true,
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    if (!request.raw.complete) reply.header('connection', 'close');
    done(null, payload);
  });
  // Spool folders a crashed server left in the temp directory are swept at start (spool-dirs.ts).
  app.addHook('onReady', async () => {
    const removed = await sweepStaleSpoolDirs();
    if (removed.length > 0) app.log.info({ removed }, `removed ${removed.length} upload spool folder(s) a stopped server left behind`);
  });
}

/** The hooks @fastify/multipart adds to every request for the files its saveRequestFiles() writes. */
export const SAVED_FILE_HOOKS = ['onRequest', 'onResponse'] as const;

/**
 * @fastify/multipart without the two hooks it adds to every request of the server for files saved
 * with its saveRequestFiles(): an async onRequest hook that listens for the connection's close and
 * an async onResponse hook that deletes those files. LinkLoom never saves files that way (uploads
 * are spooled by spoolUpload(), which removes its own), and the two hooks cost every call, uploads
 * or not, about 4 µs of CPU: GET /api/session went from 60-64 to 56-59 µs a request (issue 10).
 * Exactly those two are left out: a version of the plugin that adds other hooks of those kinds, or
 * not these, stops the start here, to be reviewed.
 */
async function registerMultipartWithoutSavedFileHooks(app: FastifyInstance, options: FastifyMultipartOptions): Promise<void> {
  const left: string[] = [];
  const addHook = app.addHook;
  // multipart is a fastify-plugin: it runs on this very instance, while register is awaited.
  app.addHook = function skipSavedFileHooks(this: FastifyInstance, name: string, ...rest: unknown[]) {
    if ((SAVED_FILE_HOOKS as readonly string[]).includes(name)) {
      left.push(name);
      return this;
    }
    return (addHook as (this: FastifyInstance, name: string, ...rest: unknown[]) => FastifyInstance).call(this, name, ...rest);
  } as typeof app.addHook;
  try {
    await app.register(multipart, options);
  } finally {
    app.addHook = addHook;
  }
  if ([...left].sort().join() !== [...SAVED_FILE_HOOKS].sort().join()) {
    throw new Error(`@fastify/multipart added the hooks ${left.join(', ') || 'none'} where ${SAVED_FILE_HOOKS.join(', ')} were expected: review registerMultipartWithoutSavedFileHooks (platform/files/upload.ts)`);
  }
}
