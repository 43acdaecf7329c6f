import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import { z } from 'zod';
import { ErrorResponseSchema, IdParamsSchema, PathIdSchema, ProjectRowSchema, ScheduleSaveSchema } from '@linkloom/shared';
import type { AppContext } from '../../app-context';
import { currentUser } from '../../platform/auth/session.plugin';
import { deleteSchedule, resetSchedule, saveSchedule } from './project-schedules';

const tags = ['projects'];
const response = { 200: ProjectRowSchema, 404: ErrorResponseSchema, 409: ErrorResponseSchema, 422: ErrorResponseSchema };

/** A project's schedule (spec 1 §4, §7): save from the dialog, delete, reset. Each answers the project row. */
export const scheduleRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.post('/rest/schedule/:projectId', {
    schema: {
      tags, summary: 'Schedule a project (it becomes SCHEDULED); 422 lists every broken rule, 409 while it runs',
      params: z.object({ projectId: PathIdSchema }), body: ScheduleSaveSchema, response,
    },
  }, async (request) => saveSchedule(ctx, currentUser(request).id, request.params.projectId, request.body.schedule));

  app.get('/action/delete/schedule/:id', {
    schema: { tags, summary: "Delete a project's schedule (a SCHEDULED project is NEW again)", params: IdParamsSchema, response },
  }, async (request) => deleteSchedule(ctx, currentUser(request).id, request.params.id));

  app.get('/action/reset/schedule/:id', {
    schema: { tags, summary: "Reset a project's schedule: it starts over and the project is SCHEDULED", params: IdParamsSchema, response },
  }, async (request) => resetSchedule(ctx, currentUser(request).id, request.params.id));
};
