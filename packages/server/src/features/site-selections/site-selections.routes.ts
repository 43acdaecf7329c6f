import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import {
  CreateSiteSelectionBodySchema, CreateSiteSelectionResponseSchema, DeleteSiteSelectionsBodySchema, DeleteSiteSelectionsResponseSchema,
  IdParamsSchema, RenameSiteSelectionBodySchema, SaveSiteSelectionBodySchema, SiteSelectionListResponseSchema,
  SiteSelectionRecordSchema, SiteSelectionResponseSchema, SiteSelectionSummarySchema,
} from '@linkloom/shared';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { currentUser } from '../../platform/auth/session.plugin';
import {
  deleteSiteSelections, getSiteSelection, insertSiteSelection, listSiteSelections, updateSiteSelection,
} from './site-selections.repository';
import { presentSiteSelectionSummary } from './site-selections.presenter';
import { loadSiteSelection } from './load-site-selection';
import { saveSiteSelection } from './save-site-selection';

const tags = ['site selections'];

/** Site selections (spec 2 §7 "Site selections"): the six calls, with live `site_selections` after each commit. */
export const siteSelectionRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { db } = ctx.database;

  app.get('/rest/site_selections', {
    schema: { tags, summary: "The user's site selections, newest first", response: { 200: SiteSelectionListResponseSchema } },
  }, async (request) => ({ site_selections: (await listSiteSelections(db, currentUser(request).id)).map(presentSiteSelectionSummary) }));

  app.put('/rest/site_selections', {
    schema: {
      tags, summary: 'Create a site selection (name; Select By defaults to Platforms, value Condition)',
      body: CreateSiteSelectionBodySchema, response: { 201: CreateSiteSelectionResponseSchema },
    },
  }, async (request, reply) => {
    const userId = currentUser(request).id;
    const summary = presentSiteSelectionSummary(await insertSiteSelection(db, userId, request.body.name, request.body.siteSelectionType ?? 'Condition'));
    ctx.live?.publish(userId, 'site_selections', 'addNew', summary);
    return reply.code(201).send({ siteSelection: summary });
  });

  app.post('/action/rename/site_selection', {
    schema: { tags, summary: 'Rename a site selection', body: RenameSiteSelectionBodySchema, response: { 200: SiteSelectionSummarySchema } },
  }, async (request) => {
    const userId = currentUser(request).id;
    await updateSiteSelection(db, userId, request.body.id, { name: request.body.name });
    const summary = presentSiteSelectionSummary(await getSiteSelection(db, userId, request.body.id));
    ctx.live?.publish(userId, 'site_selections', 'edited', { id: summary.id, name: summary.name });
    return summary;
  });

  app.get('/rest/site_selections/:id', {
    schema: {
      tags, summary: 'A site selection with every site and platform to choose from and what is ticked',
      params: IdParamsSchema, response: { 200: SiteSelectionResponseSchema },
    },
  }, async (request) => loadSiteSelection(db, currentUser(request).id, request.params.id));

  app.post('/rest/site_selections/:id', {
    schema: {
      tags, summary: 'Save a site selection: its type and filters, its ticked sites (Manually) and platforms (Condition, prob 100)',
      params: IdParamsSchema, body: SaveSiteSelectionBodySchema, response: { 200: z.object({ siteSelection: SiteSelectionRecordSchema }) },
    },
  }, async (request) => {
    const userId = currentUser(request).id;
    const { selection, renamed } = await saveSiteSelection(db, userId, request.params.id, request.body);
    if (renamed) ctx.live?.publish(userId, 'site_selections', 'edited', { id: selection.id, name: selection.name });
    return { siteSelection: selection };
  });

  app.delete('/rest/site_selections', {
    schema: {
      tags, summary: 'Delete site selections (body: JSON array of ids; all or nothing: an id that is not yours answers 404)',
      body: DeleteSiteSelectionsBodySchema, response: { 200: DeleteSiteSelectionsResponseSchema },
    },
  }, async (request) => {
    const userId = currentUser(request).id;
    const ids = await deleteSiteSelections(db, userId, request.body);
    ctx.live?.publish(userId, 'site_selections', 'deleted', { ids });
    return { ids };
  });
};
