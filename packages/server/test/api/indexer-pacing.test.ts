import { describe, expect, it } from 'vitest';
import { DATABASES } from '../support/databases';
import { useTestServer } from '../support/lifecycle';
import { useTwoUsers } from '../support/scenario';
import { buildIndexerRun } from '../support/engine-check-factories';
import { buildLinkSet } from '../support/link-factories';
import { readEngineOptions, saveOptions } from '../../src/features/options/options.repository';
import { extraDomainUrls, pacedUntil } from '../../src/engine/indexer/indexer-pacing';

/** The LinkLoom Indexer tab drives the IndexNow submitter (issue 15.6): threads, daily limit, delay, extra domains. */
describe.each(DATABASES)('LinkLoom indexer pacing on $kind', ({ kind, skip }) => {
  const ctx = useTestServer(kind, skip);
  const { ann, bob } = useTwoUsers(ctx, skip);
  const db = () => ctx.server.database.db;

  it.skipIf(skip)('waits the delay between two submissions of a project to an engine, keeps the daily limit per engine and the thread cap', async () => {
    const now = Date.now();
    const linkSet = await buildLinkSet(db(), { ownerId: ann.id, links: [{ url: 'https://a.example.test/1' }] });
    const first = await buildIndexerRun(db(), { ownerId: ann.id, campaignId: linkSet.campaignId, linkSetId: linkSet.id, engineSiteIds: [2, 3] });
    const [bing, yandex] = first.postIds;
    const options = () => readEngineOptions(db(), ann.id);
    const next = (projectId: number, siteKey: string) => ({ id: 1_000_000, ownerId: ann.id, projectId, siteKey });

    expect(await pacedUntil(db(), next(first.projectId, first.siteKeys[0]!), await options(), now)).toBeNull();
    await db().updateTable('engine_posts').set({ state: 'published', updated_at: now - 60_000 }).where('id', '=', bing!).execute();
    // Delay (3 minutes by default) between this project's submissions to Bing; Yandex and other projects are free.
    expect(await pacedUntil(db(), next(first.projectId, first.siteKeys[0]!), await options(), now)).toBe(now - 60_000 + 3 * 60_000);
    expect(await pacedUntil(db(), next(first.projectId, first.siteKeys[1]!), await options(), now)).toBeNull();

    // Daily limit per engine, whatever the project.
    await saveOptions(db(), ann.id, { linkLoomIndexerDailySubmissionPerAccount: 1 });
    const second = await buildIndexerRun(db(), { ownerId: ann.id, campaignId: linkSet.campaignId, linkSetId: linkSet.id, engineSiteIds: [2] });
    expect(await pacedUntil(db(), next(second.projectId, second.siteKeys[0]!), await options(), now)).toBe(now - 60_000 + 24 * 3600_000);

    // Threads: with one allowed and one under way, the next waits a moment.
    await saveOptions(db(), ann.id, { maxIndexerThreads: 1 });
    await db().updateTable('engine_posts').set({ state: 'publishing' }).where('id', '=', yandex!).execute();
    expect(await pacedUntil(db(), next(second.projectId, 'Indexer:9'), await options(), now)).toBe(now + 5000);
    // Bob's submissions are his own.
    expect(await pacedUntil(db(), { ...next(second.projectId, second.siteKeys[0]!), ownerId: bob.id }, await readEngineOptions(db(), bob.id), now)).toBeNull();
  });

  it('reads the extra domains as URLs to submit', () => {
    expect(extraDomainUrls({ additionalSitesToIndexedByLinkLoomIndexer: 'a.example\n https://b.example/page , c.example\n\n' }))
      .toEqual(['https://a.example/', 'https://b.example/page', 'https://c.example/']);
    expect(extraDomainUrls({ additionalSitesToIndexedByLinkLoomIndexer: '' })).toEqual([]);
  });
});
