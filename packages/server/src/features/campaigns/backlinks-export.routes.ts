import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import { BACKLINKS_ZIP_NAME, BacklinksExportSchema, ErrorResponseSchema } from '@linkloom/shared';
import type { AppContext } from '../../app-context';
import { currentUser } from '../../platform/auth/session.plugin';
import { NotFoundError } from '../../platform/http/errors';
import { sendAttachment } from '../../platform/files/download';
import { backlinksZip } from './export-backlinks';

/** The campaign list's download menu → Backlinks. */
export const backlinksExportRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { db } = ctx.database;

  app.post('/action/export/backlinks_from_campaigns', {
    schema: {
      tags: ['campaigns'], summary: `Every link of the chosen campaigns as ${BACKLINKS_ZIP_NAME} (one CSV per campaign)`,
      body: BacklinksExportSchema, response: { 404: ErrorResponseSchema, 422: ErrorResponseSchema },
    },
  }, async (request, reply) => {
    const user = currentUser(request);
    const ids = [...new Set(request.body)];
    const campaigns = await db.selectFrom('campaigns').select(['id', 'name'])
      .where('owner_id', '=', user.id).where('id', 'in', ids).orderBy('id').execute();
    // One id that is not the user's campaign refuses the whole download.
    if (campaigns.length !== ids.length) throw new NotFoundError();
    return sendAttachment(reply, { filename: BACKLINKS_ZIP_NAME, contentType: 'application/zip', body: backlinksZip(db, user.id, campaigns) });
  });
};
