import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import {
  ErrorResponseSchema, IdParamsSchema, PrivateSiteStatusQuerySchema, PrivateSiteStatusResponseSchema, ProjectReadinessSchema, ProjectScreenSchema,
} from '@linkloom/shared';
import type { AppContext } from '../../app-context';
import { currentUser } from '../../platform/auth/session.plugin';
import { loadProjectScreen } from './load-project-screen';
import { saveProject } from './save-project';
import { privateSiteStatus } from './private-site-status';
import { projectReadiness } from './project-readiness';
import { AccountCreationSaveBodySchema, ContentProjectSaveBodySchema, IndexerProjectSaveBodySchema } from './project-save-bodies';

const tags = ['projects'];
const errors = { 404: ErrorResponseSchema, 409: ErrorResponseSchema, 422: ErrorResponseSchema };
/** A save carries the project's whole site selection: 20,000 sites are about 1.5 MB of JSON. */
const SAVE_BODY_LIMIT = 8 * 1024 * 1024;
const summary = (kind: string) =>
  `Save ${kind} project from its screen (JSON or lz-string compressed): 422 lists every broken rule and nothing is stored; 409 while it runs`;

/** The project screens (spec 1 §2, §7): read one project with its choices and sites, save it, switch private network. */
export const projectScreenRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { db } = ctx.database;

  app.get('/rest/project/:id', {
    schema: {
      tags, summary: 'A project with its form, campaign, sibling projects, site grid and the choices its kind offers',
      params: IdParamsSchema, response: { 200: ProjectScreenSchema, ...errors },
    },
  }, async (request) => loadProjectScreen(db, currentUser(request).id, request.params.id));

  app.get('/rest/project/:id/readiness', {
    schema: {
      tags, summary: 'What the project lacks before Start can run it (no sites ticked, no profile, no content…): the messages Start would refuse with; empty when ready',
      params: IdParamsSchema, response: { 200: ProjectReadinessSchema, 404: ErrorResponseSchema, 422: ErrorResponseSchema },
    },
  }, async (request) => projectReadiness(ctx.database, currentUser(request).id, request.params.id));

  app.post('/rest/acproject', {
    bodyLimit: SAVE_BODY_LIMIT,
    schema: { tags, summary: summary('an account creation'), body: AccountCreationSaveBodySchema, response: { 200: ProjectScreenSchema, ...errors } },
  }, async (request) => saveProject(ctx, currentUser(request).id, { kind: 'acproject', body: request.body }));

  app.post('/rest/postingproject', {
    bodyLimit: SAVE_BODY_LIMIT,
    schema: { tags, summary: summary('a posting'), body: ContentProjectSaveBodySchema, response: { 200: ProjectScreenSchema, ...errors } },
  }, async (request) => saveProject(ctx, currentUser(request).id, { kind: 'postingproject', body: request.body }));

  app.post('/rest/privateproject', {
    bodyLimit: SAVE_BODY_LIMIT,
    schema: { tags, summary: summary('a private blog'), body: ContentProjectSaveBodySchema, response: { 200: ProjectScreenSchema, ...errors } },
  }, async (request) => saveProject(ctx, currentUser(request).id, { kind: 'privateproject', body: request.body }));

  app.post('/rest/indexerproject', {
    bodyLimit: SAVE_BODY_LIMIT,
    schema: { tags, summary: summary('an indexer'), body: IndexerProjectSaveBodySchema, response: { 200: ProjectScreenSchema, ...errors } },
  }, async (request) => saveProject(ctx, currentUser(request).id, { kind: 'indexerproject', body: request.body }));

  app.post('/rest/privatesitestatus', {
    schema: {
      tags, summary: "A private network's sites as a private project sees them (its ticks and statuses), when its General tab switches network",
      body: PrivateSiteStatusQuerySchema, response: { 200: PrivateSiteStatusResponseSchema, ...errors },
    },
  }, async (request) => ({ sites: await privateSiteStatus(db, currentUser(request).id, request.body) }));
};
