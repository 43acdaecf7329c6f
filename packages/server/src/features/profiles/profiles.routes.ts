import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import {
  CampaignIdParamsSchema, ErrorResponseSchema, IdListSchema, IdParamsSchema, OkResponseSchema,
  ProfileCreateSchema, ProfileListResponseSchema, ProfileRenameSchema, ProfileRowSchema,
} from '@linkloom/shared';
import type { AppContext } from '../../app-context';
import { currentUser } from '../../platform/auth/session.plugin';
import { assertOwned } from '../../platform/auth/ownership';
import { NotFoundError } from '../../platform/http/errors';
import { deleteProfiles, findProfile, insertProfile, listProfiles, renameProfile } from './profiles.repository';
import { presentProfile } from './profiles.presenter';

const tags = ['profiles'];
const errors = { 404: ErrorResponseSchema, 422: ErrorResponseSchema };

/** Account profiles of a campaign (spec 1 §7 Profiles: create, list, rename, delete). */
export const profileRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { db } = ctx.database;

  app.put('/rest/profile', {
    schema: { tags, summary: 'Add an account profile to a campaign', body: ProfileCreateSchema, response: { 200: ProfileRowSchema, ...errors } },
  }, async (request) => {
    const user = currentUser(request);
    const { campaignId, name, group } = request.body;
    await assertOwned(db, 'campaigns', campaignId, user.id);
    const profile = presentProfile(await insertProfile(db, { ownerId: user.id, campaignId, name, ...(group !== undefined ? { group } : {}) }));
    ctx.live?.publish(user.id, `campaign/${campaignId}`, 'newProfile', profile);
    return profile;
  });

  app.get('/rest/profiles/:campaignId', {
    schema: { tags, summary: 'The account profiles of a campaign, with their account counts', params: CampaignIdParamsSchema, response: { 200: ProfileListResponseSchema, ...errors } },
  }, async (request) => {
    const user = currentUser(request);
    await assertOwned(db, 'campaigns', request.params.campaignId, user.id);
    return (await listProfiles(db, user.id, request.params.campaignId)).map(presentProfile);
  });

  app.post('/rest/profile/:id', {
    schema: { tags, summary: 'Rename an account profile', params: IdParamsSchema, body: ProfileRenameSchema, response: { 200: ProfileRowSchema, ...errors } },
  }, async (request) => {
    const user = currentUser(request);
    if (!(await renameProfile(db, user.id, request.params.id, request.body.name))) throw new NotFoundError();
    const row = await findProfile(db, user.id, request.params.id);
    if (!row) throw new NotFoundError();
    const profile = presentProfile(row);
    ctx.live?.publish(user.id, `campaign/${profile.campaignId}`, 'profileEdited', profile);
    return profile;
  });

  app.delete('/rest/profiles/:campaignId', {
    schema: { tags, summary: "Delete account profiles of a campaign with their accounts (body: the profiles' ids)", params: CampaignIdParamsSchema, body: IdListSchema, response: { 200: OkResponseSchema, ...errors } },
  }, async (request) => {
    const user = currentUser(request);
    const { campaignId } = request.params;
    await assertOwned(db, 'campaigns', campaignId, user.id);
    const ids = await deleteProfiles(db, user.id, campaignId, request.body);
    if (!ids) throw new NotFoundError();
    ctx.live?.publish(user.id, `campaign/${campaignId}`, 'profilesDeleted', { ids });
    return { ok: true as const };
  });
};
