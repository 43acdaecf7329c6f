import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import {
  CreatePrivateNetworkBodySchema, DeletePrivateNetworksBodySchema, DeletePrivateNetworksResponseSchema, IdParamsSchema,
  PrivateNetworkExportQuerySchema, PrivateNetworkListResponseSchema, PrivateNetworkSchema, RenamePrivateNetworkBodySchema,
} from '@linkloom/shared';
import type { AppContext } from '../../app-context';
import { currentUser } from '../../platform/auth/session.plugin';
import { sendAttachment } from '../../platform/files/download';
import { deleteNetworks, getNetwork, insertNetwork, listNetworks, renameNetwork } from './private-networks.repository';
import { presentNetwork } from './private-networks.presenter';
import { exportPrivateSites } from './export-private-sites';
import { privateSiteRoutes } from './private-sites.routes';
import { siteListRoutes } from './site-lists.routes';

const tags = ['private networks'];

/** Private networks and their sites (spec 1 section 7, "Private networks"), and the site lists. */
export const privateNetworkRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { db } = ctx.database;

  app.get('/rest/private_networks', {
    schema: { tags, summary: "The user's private networks with their site counts", response: { 200: PrivateNetworkListResponseSchema } },
  }, async (request) => ({ objects: (await listNetworks(db, currentUser(request).id)).map(presentNetwork) }));

  app.put('/rest/private_networks', {
    schema: { tags, summary: 'Create a private network', body: CreatePrivateNetworkBodySchema, response: { 201: PrivateNetworkSchema } },
  }, async (request, reply) => {
    const userId = currentUser(request).id;
    const network = presentNetwork(await insertNetwork(db, userId, request.body.name));
    ctx.live?.publish(userId, 'private_networks', 'addNew', network);
    return reply.code(201).send(network);
  });

  app.post('/rest/private_networks', {
    schema: { tags, summary: 'Rename a private network', body: RenamePrivateNetworkBodySchema, response: { 200: PrivateNetworkSchema } },
  }, async (request) => {
    const userId = currentUser(request).id;
    await renameNetwork(db, userId, request.body.id, request.body.name);
    const network = presentNetwork(await getNetwork(db, userId, request.body.id));
    ctx.live?.publish(userId, 'private_networks', 'editName', { id: network.id, name: network.name });
    return network;
  });

  app.delete('/rest/private_networks', {
    schema: {
      tags, summary: 'Delete private networks and their sites (body: JSON array of ids; all or nothing)',
      body: DeletePrivateNetworksBodySchema, response: { 200: DeletePrivateNetworksResponseSchema },
    },
  }, async (request) => {
    const userId = currentUser(request).id;
    const ids = await deleteNetworks(db, userId, request.body);
    ctx.live?.publish(userId, 'private_networks', 'deleted', { ids });
    return { ids };
  });

  app.get('/action/export/private_group/:id', {
    schema: {
      tags, summary: "Download a network's sites: txt (site|email|username|password, re-importable) or csv",
      params: IdParamsSchema, querystring: PrivateNetworkExportQuerySchema,
    },
  }, async (request, reply) => {
    const file = await exportPrivateSites(db, currentUser(request).id, request.params.id, request.query.format);
    return sendAttachment(reply, file);
  });

  await app.register(privateSiteRoutes, ctx);
  await app.register(siteListRoutes, ctx);
};
