import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import { z } from 'zod';
import {
  ErrorResponseSchema, IdParamsSchema, WIZARD_LIMITS, WIZARD_MESSAGES, WizardAddBodySchema, WizardDeleteResponseSchema, WizardDeleteSchema,
  WizardDuplicateSchema, WizardListResponseSchema, WizardRenameSchema, WizardResponseSchema, WizardSaveResponseSchema, WizardSchema,
  WizardSummarySchema, wizardInLinkLoomTerms,
} from '@linkloom/shared';
import type { AppContext } from '../../app-context';
import { currentUser } from '../../platform/auth/session.plugin';
import { HttpError } from '../../platform/http/errors';
import { plainOrCompressed } from '../campaigns/decode-campaign-body';
import { listUserStrategies } from '../strategies/list-user-strategies';
import { deleteWizards, getWizard, listWizards, updateWizard } from './wizards.repository';
import { presentWizard, presentWizardSummary } from './wizards.presenter';
import { addWizard, duplicateWizard, saveWizard } from './save-wizard';
import { createCampaignRoutes } from './create-campaign.routes';
import { publishWizardRenamed, publishWizardSaved, publishWizardsDeleted } from './wizards.live';

const tags = ['wizards'];
const errors = { 404: ErrorResponseSchema, 422: ErrorResponseSchema };
/**
 * The wizard arrives as JSON or lz-string compressToEncodedURIComponent text (SCOPE.md), read as
 * the original's clients send it too (start date forms, RANKERX: issue 38), as Create Campaign does.
 */
const WizardBodySchema = plainOrCompressed(z.preprocess(wizardInLinkLoomTerms, WizardSchema), WIZARD_MESSAGES.notCompressed);
/** A wizard carries its diagram: room for the largest one plus the tiers' settings. */
const WIZARD_BODY_LIMIT = WIZARD_LIMITS.jsonChars * 2;

/** Saved wizards (spec 2 §7 "Wizards"), with live `xwizards` (and `xwizard/{id}`, wizards.live.ts) after each commit. */
export const wizardRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { db } = ctx.database;
  const publish = ctx.live?.publish;

  app.get('/rest/xwizards', {
    schema: { tags, summary: "The user's wizards (newest first) and the strategies a new one can start from", response: { 200: WizardListResponseSchema } },
  }, async (request) => {
    const userId = currentUser(request).id;
    const [wizards, strategies] = await Promise.all([listWizards(db, userId), listUserStrategies(db, userId)]);
    return { wizards: wizards.map(presentWizardSummary), strategies };
  });

  app.put('/rest/xwizards', {
    schema: {
      tags, summary: "New XWizard: a name and a strategy (built-in or the user's), as {name, strategyId} or the spec's {id, strategy, name}",
      body: WizardAddBodySchema, response: { 201: WizardSummarySchema, ...errors },
    },
  }, async (request, reply) => {
    const userId = currentUser(request).id;
    const created = presentWizardSummary(await addWizard(db, userId, request.body.name, request.body.strategyId));
    publish?.(userId, 'xwizards', 'add', created);
    return reply.code(201).send(created);
  });

  app.post('/rest/xwizards', {
    bodyLimit: WIZARD_BODY_LIMIT,
    schema: {
      tags, summary: 'Save a wizard (JSON or lz-string compressed): a new one, or the one its id names',
      body: WizardBodySchema, response: { 200: WizardSaveResponseSchema, ...errors },
    },
  }, async (request) => {
    const userId = currentUser(request).id;
    const { row, created } = await saveWizard(db, userId, request.body, null);
    publishWizardSaved(ctx, userId, presentWizardSummary(row), created);
    return { id: row.id };
  });

  app.get('/rest/xwizards/:id', {
    schema: { tags, summary: 'One wizard', params: IdParamsSchema, response: { 200: WizardResponseSchema, ...errors } },
  }, async (request) => ({ wizard: presentWizard(await getWizard(db, currentUser(request).id, request.params.id)) }));

  app.post('/rest/xwizards/:id', {
    bodyLimit: WIZARD_BODY_LIMIT,
    schema: {
      tags, summary: 'Save the wizard of this id (JSON or lz-string compressed)',
      params: IdParamsSchema, body: WizardBodySchema, response: { 200: WizardSaveResponseSchema, ...errors },
    },
  }, async (request) => {
    const userId = currentUser(request).id;
    const { id } = request.params;
    if (request.body.id !== null && request.body.id !== id) throw new HttpError(422, WIZARD_MESSAGES.idMismatch);
    const { row, created } = await saveWizard(db, userId, request.body, id);
    publishWizardSaved(ctx, userId, presentWizardSummary(row), created);
    return { id: row.id };
  });

  app.post('/rest/xwizard/rename', {
    schema: { tags, summary: 'Rename a wizard', body: WizardRenameSchema, response: { 200: WizardSummarySchema, ...errors } },
  }, async (request) => {
    const userId = currentUser(request).id;
    const renamed = presentWizardSummary(await updateWizard(db, userId, request.body.id, { name: request.body.name }));
    publishWizardRenamed(ctx, userId, { id: renamed.id, name: renamed.name });
    return renamed;
  });

  app.post('/action/duplicate/xwizard/:id', {
    schema: {
      tags, summary: "Duplicate a wizard (the name defaults to the original's plus ' Copy')",
      params: IdParamsSchema, body: WizardDuplicateSchema.optional(), response: { 200: WizardSummarySchema, ...errors },
    },
  }, async (request) => {
    const userId = currentUser(request).id;
    const { id } = request.params;
    if (request.body?.id !== undefined && request.body.id !== id) throw new HttpError(422, WIZARD_MESSAGES.idMismatch);
    const created = presentWizardSummary(await duplicateWizard(db, userId, id, request.body?.name));
    publish?.(userId, 'xwizards', 'add', created);
    return created;
  });

  app.delete('/rest/xwizards', {
    schema: {
      tags, summary: 'Delete wizards (a JSON array of ids or { ids }; all or nothing: an id that is not yours answers 404)',
      body: WizardDeleteSchema, response: { 200: WizardDeleteResponseSchema, ...errors },
    },
  }, async (request) => {
    const userId = currentUser(request).id;
    const ids = await deleteWizards(db, userId, request.body);
    publishWizardsDeleted(ctx, userId, ids);
    return { ids };
  });

  await app.register(createCampaignRoutes, ctx);
};
