import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import {
  AddProxiesBodySchema, AddProxiesResponseSchema, DeleteProxiesBodySchema, DeletedCountResponseSchema, ErrorResponseSchema,
  ProxyMonitorResponseSchema,
} from '@linkloom/shared';
import { startProxyChecks, stopProxyChecks } from '../../engine/entry-points';
import type { AppContext } from '../../app-context';
import { currentUser } from '../../platform/auth/session.plugin';
import { addProxies } from './add-proxies';
import { deleteProxies } from './proxies.repository';

const tags = ['options'];

/** The proxy pool of the Proxy tab: add (or update) from pasted lines, delete by address and port. */
export const proxyRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.post('/rest/proxies', {
    schema: {
      tags, summary: 'Add proxies (ip:port or ip:port:username:password, one per line): the good lines are written, the bad ones listed in errorList (Line n: …); 422 naming the lines when none is good',
      body: AddProxiesBodySchema, response: { 200: AddProxiesResponseSchema, 422: ErrorResponseSchema },
    },
  }, async (request) => addProxies(ctx, currentUser(request).id, request.body));

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

  app.get('/action/check/proxies', {
    schema: {
      tags, summary: 'Check: every proxy fetches the judge URL through HTTP CONNECT or SOCKS5 (a job); rows and the monitor change live on `proxies`',
      response: { 200: ProxyMonitorResponseSchema, 409: ErrorResponseSchema },
    },
  }, async (request) => ({ proxyMonitorState: await startProxyChecks(ctx, currentUser(request).id) }));

  app.get('/action/stop_checking/proxies', {
    schema: { tags, summary: 'Stop checking: CHECKING → STOPPING, then NEW once the check has ended', response: { 200: ProxyMonitorResponseSchema } },
  }, async (request) => ({ proxyMonitorState: await stopProxyChecks(ctx, currentUser(request).id) }));
};
