import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import { CheckNowRequestSchema, CheckNowResponseSchema, ErrorResponseSchema, checkNowScopeOf } from '@linkloom/shared';
import type { AppContext } from '../../app-context';
import { currentUser } from '../../platform/auth/session.plugin';
import { NotFoundError } from '../../platform/http/errors';
import { checkNow } from '../../engine/entry-points';

/**
 * Check now (issue 36): POST /action/check_now with exactly one of `urlItemIds` (≤ 10,000),
 * `linkSetId`, `projectId` or `campaignId` re-checks the published links of that scope at once
 * through post.verify (results in the links' history, as scheduled checks) and answers
 * `{ checkId, total }`; progress goes live as `checkProgress` on the user's `link_checks` topic.
 * Another user's (or a missing) scope answers 404 and changes nothing; a bad body 422.
 */
export const checkNowRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.post('/action/check_now', {
    schema: {
      tags: ['link sets'],
      summary: 'Check now: re-check the published links of one link, a selection, a link set, a project or a campaign at once; '
        + 'progress comes live as checkProgress on the link_checks topic (re-checks take at most 2 pages of one site at once)',
      body: CheckNowRequestSchema,
      response: { 200: CheckNowResponseSchema, 404: ErrorResponseSchema, 422: ErrorResponseSchema },
    },
  }, async (request) => {
    const started = await checkNow(ctx, currentUser(request).id, checkNowScopeOf(request.body));
    if (!started) throw new NotFoundError();
    return started;
  });
};
