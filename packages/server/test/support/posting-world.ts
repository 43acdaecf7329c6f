import type { Kysely } from 'kysely';
import type { DB } from '../../src/platform/db/schema';
import { buildPrivateProjectWorld, type EngineBlog, type PrivateProjectWorld } from './engine-world';

export interface PostingProjectWorld extends PrivateProjectWorld {
  /** The posting project (module SocialNetwork) with every blog ticked. */
  postingProjectId: number;
  profileId: number;
}

/**
 * A posting project of the user on these blogs: the private project world's blogs, content and
 * link sets, the blogs as sites of the posting module (their stored logins unused), and an account
 * profile holding one account per blog (its host, the blog's user and application password).
 */
export async function buildPostingProjectWorld(db: Kysely<DB>, ownerId: number, blogs: readonly EngineBlog[]): Promise<PostingProjectWorld> {
  const now = Date.now();
  const base = await buildPrivateProjectWorld(db, ownerId, blogs);
  const profile = await db.insertInto('profiles').values({ owner_id: ownerId, campaign_id: base.campaignId, name: 'Blog accounts', created_at: now }).returning('id').executeTakeFirstOrThrow();
  for (const [index, site] of base.sites.entries()) {
    await db.updateTable('private_sites').set({ module: 'SocialNetwork', username: 'nobody', password: 'not used' }).where('id', '=', site.id).execute();
    const blog = blogs[index]!;
    await db.insertInto('accounts').values({
      owner_id: ownerId, profile_id: profile.id, site_name: new URL(blog.url).host, email: `poster${index + 1}@example.test`,
      username: blog.username, password: blog.password, created_at: now,
    }).execute();
  }
  const posting = await db.insertInto('projects').values({
    owner_id: ownerId, campaign_id: base.campaignId, name: 'Blog posts', module: 'SocialNetwork',
    settings: JSON.stringify({ ...base.form, selectedCampaignId: base.campaignId, profileId: profile.id }), created_at: now,
  }).returning('id').executeTakeFirstOrThrow();
  await db.insertInto('project_sites').values(base.sites.map((site) => ({
    owner_id: ownerId, project_id: posting.id, site_key: `SocialNetwork:${site.id}`, checked: 1, created_at: now, updated_at: now,
  }))).execute();
  return { ...base, postingProjectId: posting.id, profileId: profile.id };
}
