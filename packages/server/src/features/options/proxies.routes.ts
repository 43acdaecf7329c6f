import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import {
  AddProxiesBodySchema, AddProxiesResponseSchema, DeleteProxiesBodySchema, DeletedCountResponseSchema, ErrorResponseSchema,
} from '@linkloom/shared';
import type { AppContext } from '../../app-context';
import { currentUser } from '../../platform/auth/session.plugin';
import { addProxies } from './add-proxies';
import { deleteProxies } from './proxies.repository';

const tags = ['options'];

/** The proxy pool of the Proxy tab: add (or update) from pasted lines, delete by address and port. */
export const proxyRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.post('/rest/proxies', {
    schema: {
      tags, summary: 'Add proxies (ip:port or ip:port:username:password, one per line); 422 names the bad lines and nothing is added',
      body: AddProxiesBodySchema, response: { 200: AddProxiesResponseSchema, 422: ErrorResponseSchema },
    },
  }, async (request) => ({ proxies: await addProxies(ctx, currentUser(request).id, request.body) }));

  app.delete('/rest/proxies', {
    schema: {
      tags, summary: 'Delete proxies by address and port', body: DeleteProxiesBodySchema,
      response: { 200: DeletedCountResponseSchema, 422: ErrorResponseSchema },
    },
  }, async (request) => {
    const userId = currentUser(request).id;
    const ids = await deleteProxies(ctx.database.db, userId, request.body);
    if (ids.length > 0) ctx.live?.publish(userId, 'proxies', 'proxiesDeleted', { ids });
    return { deleted: ids.length };
  });
};
