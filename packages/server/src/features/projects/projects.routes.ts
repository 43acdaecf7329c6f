import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import {
  CampaignIdParamsSchema, ErrorResponseSchema, IdListSchema, IdParamsSchema, OkResponseSchema, PROJECT_MESSAGES,
  ProjectCreateSchema, ProjectDuplicateSchema, ProjectRenameSchema, ProjectRowSchema,
} from '@linkloom/shared';
import type { AppContext } from '../../app-context';
import { currentUser } from '../../platform/auth/session.plugin';
import { assertOwned } from '../../platform/auth/ownership';
import { HttpError, NotFoundError } from '../../platform/http/errors';
import { deleteProjects, findProject, insertProject, renameProject } from './projects.repository';
import { presentProject } from './projects.presenter';
import { duplicateProject } from './duplicate-project';

const tags = ['projects'];
const errors = { 404: ErrorResponseSchema, 422: ErrorResponseSchema };

/** Project rows of a campaign (spec 1 §7 Projects: add, rename, duplicate, delete). */
export const projectRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { db } = ctx.database;

  app.put('/rest/project', {
    schema: { tags, summary: 'Add a project to a campaign', body: ProjectCreateSchema, response: { 200: ProjectRowSchema, ...errors } },
  }, async (request) => {
    const user = currentUser(request);
    const { campaignId, module, name } = request.body;
    await assertOwned(db, 'campaigns', campaignId, user.id);
    const project = presentProject(await insertProject(db, { ownerId: user.id, campaignId, module, name }));
    ctx.live?.publish(user.id, `campaign/${campaignId}`, 'newProject', project);
    return project;
  });

  app.post('/rest/project/rename/:id', {
    schema: { tags, summary: 'Rename a project (its module cannot change)', params: IdParamsSchema, body: ProjectRenameSchema, response: { 200: ProjectRowSchema, ...errors } },
  }, async (request) => {
    const user = currentUser(request);
    const existing = await findProject(db, user.id, request.params.id);
    if (!existing || existing.campaign_id !== request.body.campaignId) throw new NotFoundError();
    if (existing.module !== request.body.module) throw new HttpError(422, PROJECT_MESSAGES.moduleLocked);
    const renamed = await renameProject(db, user.id, existing.id, request.body.name);
    if (!renamed) throw new NotFoundError();
    const project = presentProject(renamed);
    ctx.live?.publish(user.id, `campaign/${project.campaignId}`, 'projectEdited', project);
    return project;
  });

  app.post('/action/duplicate/project/:id', {
    schema: { tags, summary: 'Duplicate a project: same settings, status NEW, no schedule', params: IdParamsSchema, body: ProjectDuplicateSchema, response: { 200: ProjectRowSchema, ...errors } },
  }, async (request) => {
    const user = currentUser(request);
    const project = presentProject(await duplicateProject(db, user.id, request.params.id, request.body.name));
    ctx.live?.publish(user.id, `campaign/${project.campaignId}`, 'newProject', project);
    return project;
  });

  app.delete('/rest/projects/:campaignId', {
    schema: { tags, summary: "Delete projects of a campaign (body: the projects' ids)", params: CampaignIdParamsSchema, body: IdListSchema, response: { 200: OkResponseSchema, ...errors } },
  }, async (request) => {
    const user = currentUser(request);
    const { campaignId } = request.params;
    await assertOwned(db, 'campaigns', campaignId, user.id);
    const ids = await deleteProjects(db, user.id, campaignId, request.body);
    if (!ids) throw new NotFoundError();
    ctx.live?.publish(user.id, `campaign/${campaignId}`, 'projectsDeleted', { ids });
    return { ok: true as const };
  });
};
