import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import {
  BulkUploadPrivateSitesBodySchema, DeletePrivateSitesBodySchema, DeletePrivateSitesResponseSchema, IdParamsSchema,
  ImportFromProfileBodySchema, ImportPrivateSitesBodySchema, PrivateNetworkProfilesResponseSchema,
  PrivateNetworkResponseSchema, PrivateSiteImportResultSchema,
} from '@linkloom/shared';
import type { AppContext } from '../../app-context';
import { currentUser } from '../../platform/auth/session.plugin';
import { getNetwork } from './private-networks.repository';
import { deleteSites, listNetworkSites } from './private-sites.repository';
import { presentNetwork, presentSite } from './private-networks.presenter';
import { bulkUploadSites, importProfileAccounts, importSiteList } from './import-private-sites';
import { publishSitesChanged } from './private-networks.live';
import { listProfileChoices } from './profile-choices.repository';

const tags = ['private networks'];

/** One private network's screen: its sites, their imports and their deletion. */
export const privateSiteRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { db } = ctx.database;

  app.get('/rest/private_network/:id', {
    schema: { tags, summary: 'A private network and its sites', params: IdParamsSchema, response: { 200: PrivateNetworkResponseSchema } },
  }, async (request) => {
    const userId = currentUser(request).id;
    const network = await getNetwork(db, userId, request.params.id);
    const sites = await listNetworkSites(db, userId, network.id);
    return { privateNetwork: presentNetwork(network), privateSites: sites.map(presentSite) };
  });

  app.delete('/rest/private_network/:id', {
    schema: {
      tags, summary: 'Delete sites of a private network (body: [{group, siteId, email}])',
      params: IdParamsSchema, body: DeletePrivateSitesBodySchema, response: { 200: DeletePrivateSitesResponseSchema },
    },
  }, async (request) => {
    const target = { ownerId: currentUser(request).id, networkId: request.params.id };
    await getNetwork(db, target.ownerId, target.networkId);
    const deleted = await deleteSites(db, target.ownerId, target.networkId, request.body);
    if (deleted > 0) await publishSitesChanged(ctx, target, 'PrivateSiteDeleted', deleted);
    return { deleted };
  });

  app.post('/action/import/private_network/:id', {
    schema: {
      tags, summary: 'Import pasted sites (one site|email|username|password per line); bad lines come back in errorList',
      params: IdParamsSchema, body: ImportPrivateSitesBodySchema, response: { 200: PrivateSiteImportResultSchema },
    },
  }, async (request) => importSiteList(ctx, { ownerId: currentUser(request).id, networkId: request.params.id }, request.body));

  app.put('/rest/private_network_bulk_upload/:id', {
    schema: {
      tags, summary: 'Bulk upload sites as JSON rows {siteUrl, email, username, password}; bad rows come back in errorList',
      params: IdParamsSchema, body: BulkUploadPrivateSitesBodySchema, response: { 200: PrivateSiteImportResultSchema },
    },
  }, async (request) => bulkUploadSites(ctx, { ownerId: currentUser(request).id, networkId: request.params.id }, request.body));

  app.post('/action/import/private_network/:id/profile', {
    schema: {
      tags, summary: "Import an account profile's accounts as sites of the network",
      params: IdParamsSchema, body: ImportFromProfileBodySchema, response: { 200: PrivateSiteImportResultSchema },
    },
  }, async (request) => importProfileAccounts(ctx, { ownerId: currentUser(request).id, networkId: request.params.id }, request.body.profileId));

  app.get('/rest/private_network_profiles', {
    schema: { tags, summary: 'The account profiles an import may read, with their campaign names', response: { 200: PrivateNetworkProfilesResponseSchema } },
  }, async (request) => ({ profiles: await listProfileChoices(db, currentUser(request).id) }));
};
