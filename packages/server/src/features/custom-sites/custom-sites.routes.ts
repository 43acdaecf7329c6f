import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import {
  AddCustomSiteBodySchema, AddCustomSiteResponseSchema, CustomSiteImportResultSchema, CustomSitesResponseSchema,
  DeleteCustomSitesBodySchema, DeleteCustomSitesResponseSchema, ErrorResponseSchema, ImportAllCustomSitesBodySchema,
  ImportCustomSitesBodySchema, PremiumCustomSitesBodySchema, PremiumCustomSitesResponseSchema, UploadCustomSitesQuerySchema, customSiteModules,
} from '@linkloom/shared';
import type { AppContext } from '../../app-context';
import { verifierWaitInfo } from '../../engine/entry-points';
import { currentUser } from '../../platform/auth/session.plugin';
import { sendAttachment } from '../../platform/files/download';
import { NotFoundError } from '../../platform/http/errors';
import { countOwnedCustomSites, deleteCustomSites, getVerifierState, listCustomSites, setCustomSitesPremium } from './custom-sites.repository';
import { presentCustomSite } from './custom-sites.presenter';
import { addCustomSite } from './add-custom-site';
import { importCustomSiteFiles, importCustomSiteText } from './import-custom-sites';
import { exportCustomSites } from './export-custom-sites';
import { dofollowShareByHost } from './measure-dofollow';

const tags = ['custom sites'];
const uploadErrors = { 400: ErrorResponseSchema, 406: ErrorResponseSchema, 413: ErrorResponseSchema, 422: ErrorResponseSchema };

/**
 * Custom sites (spec 2 §2 "Custom sites", §7): the user's own sites per module, added one at a
 * time, imported (one module, or all with the module on each line), exported and deleted. The
 * platform verifier's Start / Stop live in site-verifier routes.
 */
export const customSiteRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { db } = ctx.database;

  app.get('/rest/custom_sites', {
    schema: { tags, summary: "The user's custom sites, the modules they can belong to and the verifier's status", response: { 200: CustomSitesResponseSchema } },
  }, async (request) => {
    const userId = currentUser(request).id;
    const [rows, verifier, shares] = await Promise.all([listCustomSites(db, userId), getVerifierState(db, userId), dofollowShareByHost(db, userId)]);
    return {
      sites: rows.map((row) => presentCustomSite(row, shares)),
      modules: customSiteModules(),
      verifierStatus: verifier.status,
      verifierProgress: { checked: verifier.checked, total: verifier.total },
      verifierWaitInfo: await verifierWaitInfo(db, userId, verifier.status),
    };
  });

  app.put('/rest/custom_sites', {
    schema: {
      tags, summary: 'Add a custom site (URL, module, optional login and password, DA, premium); the same module and URL updates it',
      body: AddCustomSiteBodySchema, response: { 201: AddCustomSiteResponseSchema },
    },
  }, async (request, reply) => reply.code(201).send({ site: await addCustomSite(ctx, currentUser(request).id, request.body) }));

  app.delete('/rest/custom_sites', {
    schema: {
      tags, summary: 'Delete custom sites (body: JSON array of ids; all or nothing: an id that is not yours answers 404)',
      body: DeleteCustomSitesBodySchema, response: { 200: DeleteCustomSitesResponseSchema },
    },
  }, async (request) => {
    const userId = currentUser(request).id;
    const wanted = [...new Set(request.body)];
    const ids = await db.transaction().execute(async (trx) => {
      if ((await countOwnedCustomSites(trx, userId, wanted)) !== wanted.length) throw new NotFoundError();
      return deleteCustomSites(trx, userId, wanted);
    });
    ctx.live?.publish(userId, 'custom_sites', 'sitesDeleted', { ids });
    return { ids };
  });

  app.post('/action/premium/custom_sites', {
    schema: {
      tags, summary: "Flag custom sites premium or not (the site grids list premium sites first); all or nothing: an id that is not yours answers 404",
      body: PremiumCustomSitesBodySchema, response: { 200: PremiumCustomSitesResponseSchema },
    },
  }, async (request) => {
    const userId = currentUser(request).id;
    const wanted = [...new Set(request.body.ids)];
    const ids = await db.transaction().execute(async (trx) => {
      if ((await countOwnedCustomSites(trx, userId, wanted)) !== wanted.length) throw new NotFoundError();
      return setCustomSitesPremium(trx, userId, wanted, request.body.premium);
    });
    // Changed rows are announced as inserted ones: screens read them again.
    ctx.live?.publish(userId, 'custom_sites', 'sitesInserted', { ids });
    return { ids };
  });

  app.post('/action/import/custom_sites', {
    schema: {
      tags, summary: 'Import pasted sites of one module (url|da|premium|login|password per line); bad lines come back in errorList',
      body: ImportCustomSitesBodySchema, response: { 200: CustomSiteImportResultSchema },
    },
  }, async (request) => importCustomSiteText(ctx, currentUser(request).id, request.body.siteList, request.body.module));

  app.post('/action/import/all_custom_sites', {
    schema: {
      tags, summary: 'Import All: pasted lines carrying their module (module|url|da|premium|login|password); bad lines come back in errorList',
      body: ImportAllCustomSitesBodySchema, response: { 200: CustomSiteImportResultSchema },
    },
  }, async (request) => importCustomSiteText(ctx, currentUser(request).id, request.body.siteList, null));

  app.post('/action/upload/custom_sites', {
    schema: {
      tags,
      summary: 'Import text files of sites (multipart field file, repeatable): with ?module= each line is url|da|premium|login|password, without it each line carries its module (the Export All file)',
      querystring: UploadCustomSitesQuerySchema, response: { 200: CustomSiteImportResultSchema, ...uploadErrors },
    },
  }, async (request) => importCustomSiteFiles(ctx, request, currentUser(request).id, request.query.module ?? null));

  app.get('/action/export/custom_sites', {
    schema: { tags, summary: 'Export All: every custom site as module|url|da|premium|login|password lines, the file Import All reads back unchanged' },
  }, async (request, reply) => sendAttachment(reply, exportCustomSites(db, currentUser(request).id)));
};
