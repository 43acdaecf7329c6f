import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { INDEXNOW_KEY_PATTERN } from '../../engine/entry-points';
import { findOwnerByIndexNowKey } from './options.repository';
import { NotFoundError } from '../../platform/http/errors';

const KeyFileParamsSchema = z.object({ file: z.string().max(140) });

/**
 * The user's IndexNow key file, public as the protocol wants it (`{key}.txt` whose content is the
 * key): search engines and the user fetch it here; it is what the user places at the root of each
 * site whose URLs an indexer project submits. Only a real key answers; anything else is 404.
 */
export const indexNowKeyRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.get('/indexnow/:file', {
    config: { public: true },
    schema: { tags: ['indexer'], summary: 'IndexNow key file ({key}.txt, public)', params: KeyFileParamsSchema },
  }, async (request, reply) => {
    const key = request.params.file.endsWith('.txt') ? request.params.file.slice(0, -4) : '';
    if (!INDEXNOW_KEY_PATTERN.test(key) || (await findOwnerByIndexNowKey(ctx.database.db, key)) === undefined) throw new NotFoundError();
    return reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(key);
  });
};
