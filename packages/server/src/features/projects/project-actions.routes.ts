import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import { ErrorResponseSchema, IdParamsSchema, ProjectRowSchema, type ProjectAction } from '@linkloom/shared';
import type { AppContext } from '../../app-context';
import { currentUser } from '../../platform/auth/session.plugin';
import { changeProjectStatus } from './change-project-status';

const ACTIONS: readonly { path: string; action: ProjectAction; summary: string }[] = [
  { path: '/action/start/project/:id', action: 'start', summary: 'Start a project (NEW, COMPLETED, STOPPED or FAILED → STARTING); 422 with what is missing (details) when a run could do nothing' },
  { path: '/action/stop/project/:id', action: 'stop', summary: 'Stop a project (STARTING or RUNNING → STOPPING)' },
  { path: '/action/start/verifying/:id', action: 'startVerifying', summary: 'Start email verification of an account creation project' },
  { path: '/action/stop/verifying/:id', action: 'stopVerifying', summary: 'Stop email verification of an account creation project' },
];

/** The lifecycle calls of spec 1 §7: each answers the project row in its new status, or 409 with the reason. */
export const projectActionRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  for (const { path, action, summary } of ACTIONS) {
    app.get(path, {
      schema: {
        tags: ['projects'], summary, params: IdParamsSchema,
        response: { 200: ProjectRowSchema, 404: ErrorResponseSchema, 409: ErrorResponseSchema, 422: ErrorResponseSchema },
      },
    }, async (request) => changeProjectStatus(ctx, currentUser(request).id, request.params.id, action));
  }

  app.post('/action/run_now/project/:id', {
    schema: {
      tags: ['projects'],
      summary: 'Run now (issue 35): start a project at once and keep its schedule. A SCHEDULED project (waiting for its date or its parents) starts its scheduled run now; '
        + 'the projects that wait for it still start when it completes. Any project Start could start is started as Start does. 409 with what to do instead; '
        + '422 with what is missing (details) when a run could do nothing',
      params: IdParamsSchema,
      response: { 200: ProjectRowSchema, 404: ErrorResponseSchema, 409: ErrorResponseSchema, 422: ErrorResponseSchema },
    },
  }, async (request) => changeProjectStatus(ctx, currentUser(request).id, request.params.id, 'runNow'));
};
