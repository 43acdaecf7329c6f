import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import {
  DuplicateCampaignQuerySchema, DuplicateCampaignResponseSchema, ErrorResponseSchema, IdParamsSchema, WIZARD_LIMITS, WIZARD_MESSAGES,
  WizardCountsQuerySchema, WizardCountsSchema,
  WizardCreateCampaignBodySchema, WizardCreateCampaignResponseSchema, WizardFieldErrorsResponseSchema, WizardSchema, type Wizard,
} from '@linkloom/shared';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { DB } from '../../platform/db/schema';
import type { AppContext } from '../../app-context';
import { currentUser } from '../../platform/auth/session.plugin';
import { HttpError, NotFoundError } from '../../platform/http/errors';
import { validationError } from '../../platform/http/error-handler';
import { decompressJson, plainOrCompressed } from '../campaigns/decode-campaign-body';
import { findCampaignWizard } from '../campaigns/campaigns.repository';
import { createCampaignFromWizard } from './create-campaign';
import { openWizardText } from './wizards.repository';
import { loadWizardCounts } from './wizard-counts';

const tags = ['wizards'];
const CreateBodySchema = plainOrCompressed(WizardCreateCampaignBodySchema, WIZARD_MESSAGES.notCompressed);

/**
 * Bodies as clients send them (issue 38): the lz-string text arrives under `text/plain`, as a JSON
 * string, or bare under `application/json` (the original's clients label it so). In this scope a
 * JSON body that does not parse but is such a text is handed on as the text (CreateBodySchema
 * decompresses it); anything else that does not parse is still 400 'not valid JSON'.
 */
function readCompressedJsonBodies(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    parseJson(request, text, (error, value) => {
      if (error && text.trim() !== '' && decompressJson(text) !== undefined) done(null, text.trim());
      else done(error, value);
    });
  });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The wizard a campaign was made with, ready for /duplicatecampaign/:cid; 422 for a campaign the wizard did not make. */
export function duplicateWizardOf(db: Kysely<DB>, campaign: { creating_type: string; wizard_string: string | null }, query: z.infer<typeof DuplicateCampaignQuerySchema>): Wizard {
  if (campaign.creating_type !== 'XWizard' || campaign.wizard_string === null) throw new HttpError(422, WIZARD_MESSAGES.notWizardCampaign);
  const parsed = WizardSchema.safeParse(parseJson(openWizardText(db, campaign.wizard_string)));
  if (!parsed.success) throw new HttpError(422, WIZARD_MESSAGES.duplicateCampaignLoadFailed);
  return {
    ...parsed.data,
    id: null,
    saveWizard: false,
    // Cleared (spec 2 §4): the copy's start is chosen anew, Start now included.
    startNow: false,
    startDate: null,
    campaignName: query.campaignName?.trim() || parsed.data.campaignName,
    useSameAccounts: query.useSameAccounts === 'true',
  };
}

/** Create Campaign (spec 2 §7 "Wizards") and the wizard of a campaign for duplicating it. */
export const createCampaignRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  // Its own scope: the lenient JSON reading applies to Create Campaign only.
  await app.register(async (scope: typeof app) => {
    readCompressedJsonBodies(scope);
    scope.put('/action/create/xcampaign', {
      bodyLimit: WIZARD_LIMITS.jsonChars * 2,
      // The handler answers a refused body itself, naming each field (the error handler would not).
      attachValidation: true,
      schema: {
        tags,
        summary: 'Create Campaign from a wizard ({saveWizard, wizard, sourceCampaignId}, JSON or lz-string compressed, under application/json or text/plain): '
          + "startDate as DD/MM/YYYY HH:mm, ISO 8601 or epoch ms, emailSource RANKERX as LINKLOOM; 422 with field errors, 404 for an id not yours",
        body: CreateBodySchema,
        response: { 200: WizardCreateCampaignResponseSchema, 404: ErrorResponseSchema, 422: z.union([WizardFieldErrorsResponseSchema, ErrorResponseSchema]) },
      },
    }, async (request, reply) => {
      if (request.validationError) throw validationError(request.validationError.validation);
      const outcome = await createCampaignFromWizard(ctx, currentUser(request).id, request.body);
      if (!outcome.ok) return reply.code(422).send(outcome.errors);
      return outcome.answer;
    });
  });

  app.get('/rest/xwizard/counts', {
    schema: {
      tags,
      summary: "What the wizard's Confirm tab weighs its plan against (issue 35), the user's own only: sites per module for All Sites and each asked site selection, "
        + 'sites of each asked private network, articles of each asked content group, unused mailboxes and whether a catch-all exists',
      querystring: WizardCountsQuerySchema,
      response: { 200: WizardCountsSchema },
    },
  }, async (request) => loadWizardCounts(ctx.database.db, currentUser(request).id, request.query));

  app.get('/rest/campaign/:id/xwizard', {
    schema: {
      tags,
      summary: "The wizard a campaign was made with, for duplicating it (start date cleared; campaignName and useSameAccounts as asked)",
      params: IdParamsSchema, querystring: DuplicateCampaignQuerySchema,
      response: { 200: DuplicateCampaignResponseSchema, 404: ErrorResponseSchema, 422: ErrorResponseSchema },
    },
  }, async (request) => {
    const campaign = await findCampaignWizard(ctx.database.db, currentUser(request).id, request.params.id);
    if (!campaign) throw new NotFoundError();
    return { campaign: { id: campaign.id, name: campaign.name }, wizard: duplicateWizardOf(ctx.database.db, campaign, request.query) };
  });
};
