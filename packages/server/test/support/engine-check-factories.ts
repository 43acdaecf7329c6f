import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { siteKey } from '@linkloom/shared';
import type { DB } from '../../src/platform/db/schema';
import { buildCampaign } from './factories';

type Db = Kysely<DB>;

async function buildRun(db: Db, ownerId: number, projectId: number, state: 'running' | 'completed'): Promise<number> {
  const now = Date.now();
  const run = await db.insertInto('project_runs')
    .values({ owner_id: ownerId, project_id: projectId, state, started_at: now, finished_at: state === 'running' ? null : now, created_at: now })
    .returning('id').executeTakeFirstOrThrow();
  return run.id;
}

export interface PublishedPostFixture {
  campaignId: number;
  projectId: number;
  postId: number;
  urlItemId: number;
  outputLinkSetId: number;
}

/**
 * A post the engine published (as post.publish leaves it): a private project's finished run, the
 * post `published` at `remoteUrl` with the links it carries, and its output link (PENDING) in a new
 * output link set of the campaign.
 */
export async function buildPublishedPost(
  db: Db,
  overrides: { ownerId: number; remoteUrl: string; links: { url: string; anchor: string; linkSetId?: number }[]; campaignId?: number; outputLinkSetId?: number },
): Promise<PublishedPostFixture> {
  const { ownerId } = overrides;
  const now = Date.now();
  const tag = randomBytes(4).toString('hex');
  const campaignId = overrides.campaignId ?? (await buildCampaign(db, { ownerId })).id;
  const outputLinkSetId = overrides.outputLinkSetId ?? (await db.insertInto('url_lists')
    .values({ owner_id: ownerId, campaign_id: campaignId, name: `Output ${tag}`, created_at: now }).returning('id').executeTakeFirstOrThrow()).id;
  const project = await db.insertInto('projects')
    .values({ owner_id: ownerId, campaign_id: campaignId, name: `PBN ${tag}`, module: 'Private', status: 'COMPLETED', created_at: now })
    .returning('id').executeTakeFirstOrThrow();
  const runId = await buildRun(db, ownerId, project.id, 'completed');
  const post = await db.insertInto('engine_posts').values({
    owner_id: ownerId, project_id: project.id, run_id: runId, site_key: `1:${tag}@example.test`, seq: 1,
    idempotency_key: `p${project.id}-r${runId}-s1-n1-${tag}`, state: 'published', remote_url: overrides.remoteUrl, remote_id: '1',
    created_at: now, updated_at: now,
  }).returning('id').executeTakeFirstOrThrow();
  if (overrides.links.length > 0) {
    await db.insertInto('engine_post_links').values(overrides.links.map((link) => ({
      owner_id: ownerId, post_id: post.id, url: link.url, anchor: link.anchor, link_set_id: link.linkSetId ?? null, created_at: now,
    }))).execute();
  }
  const item = await db.insertInto('url_items').values({
    owner_id: ownerId, url_list_id: outputLinkSetId, url: overrides.remoteUrl, anchor: 'Post title', links_on_page: overrides.links.length,
    site: new URL(overrides.remoteUrl).origin, username: 'admin', date_added: now, created_at: now, post_id: post.id, check_status: 'PENDING',
  }).returning('id').executeTakeFirstOrThrow();
  await db.updateTable('engine_posts').set({ url_item_id: item.id }).where('id', '=', post.id).execute();
  return { campaignId, projectId: project.id, postId: post.id, urlItemId: item.id, outputLinkSetId };
}

export interface IndexerRunFixture {
  campaignId: number;
  projectId: number;
  runId: number;
  /** One planned submission per engine, in the order asked. */
  postIds: number[];
  siteKeys: string[];
}

/**
 * An indexer project of the user submitting `linkSetId`, RUNNING with a fresh run that planned one
 * submission per given IndexNow engine (their site rows ticked and RUNNING), as project.run leaves it.
 */
export async function buildIndexerRun(
  db: Db,
  overrides: { ownerId: number; campaignId: number; linkSetId: number | null; engineSiteIds: number[] },
): Promise<IndexerRunFixture> {
  const { ownerId, campaignId } = overrides;
  const now = Date.now();
  const project = await db.insertInto('projects').values({
    owner_id: ownerId, campaign_id: campaignId, name: `Indexer ${randomBytes(3).toString('hex')}`, module: 'Indexer', status: 'RUNNING',
    settings: JSON.stringify({ linkSetId: overrides.linkSetId }), created_at: now,
  }).returning('id').executeTakeFirstOrThrow();
  const runId = await buildRun(db, ownerId, project.id, 'running');
  const siteKeys = overrides.engineSiteIds.map((siteId) => siteKey({ module: 'Indexer', siteId }));
  await db.insertInto('project_sites').values(siteKeys.map((key) => ({
    owner_id: ownerId, project_id: project.id, site_key: key, checked: 1, status: 'RUNNING', created_at: now, updated_at: now,
  }))).execute();
  const postIds: number[] = [];
  for (const [index, key] of siteKeys.entries()) {
    const post = await db.insertInto('engine_posts').values({
      owner_id: ownerId, project_id: project.id, run_id: runId, site_key: key, seq: 1,
      idempotency_key: `p${project.id}-r${runId}-s${overrides.engineSiteIds[index]}-n1`, created_at: now, updated_at: now,
    }).returning('id').executeTakeFirstOrThrow();
    postIds.push(post.id);
  }
  await db.updateTable('project_runs').set({ posts_planned: postIds.length }).where('id', '=', runId).execute();
  return { campaignId, projectId: project.id, runId, postIds, siteKeys };
}
