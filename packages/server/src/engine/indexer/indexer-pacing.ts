import type { Kysely } from 'kysely';
import type { EngineOptions } from '@linkloom/shared';
import type { DB } from '../../platform/db/schema';

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;
/** A submission waiting for a free indexer thread looks again this soon. */
const THREAD_WAIT_MS = 5_000;

/** One indexer submission about to go: whose, which project, to which engine (its site row). */
export interface PacedSubmission {
  id: number;
  ownerId: number;
  projectId: number;
  siteKey: string;
}

/**
 * The LinkLoom Indexer tab's pacing of IndexNow submissions (spec 3 section 3): at most
 * `maxIndexerThreads` of the user's submissions at once; at most
 * `linkLoomIndexerDailySubmissionPerAccount` to one engine in 24 hours; and
 * `linkLoomIndexerAccountDelay` minutes between two submissions of one project to one engine.
 * Answers when the submission may go (epoch ms), or null for now.
 */
export async function pacedUntil(db: Kysely<DB>, submission: PacedSubmission, options: EngineOptions, now = Date.now()): Promise<number | null> {
  const ofUser = db.selectFrom('engine_posts').innerJoin('projects', 'projects.id', 'engine_posts.project_id')
    .where('engine_posts.owner_id', '=', submission.ownerId).where('projects.module', '=', 'Indexer').where('engine_posts.id', '!=', submission.id);

  const running = await ofUser.select((eb) => eb.fn.countAll<number>().as('count')).where('engine_posts.state', '=', 'publishing').executeTakeFirst();
  if (Number(running?.count ?? 0) >= options.maxIndexerThreads) return now + THREAD_WAIT_MS;

  const lastDay = await ofUser.select('engine_posts.updated_at').where('engine_posts.site_key', '=', submission.siteKey)
    .where('engine_posts.state', '=', 'published').where('engine_posts.updated_at', '>', now - DAY_MS)
    .orderBy('engine_posts.updated_at', 'asc').execute();
  if (lastDay.length >= options.linkLoomIndexerDailySubmissionPerAccount) {
    return Number(lastDay[lastDay.length - options.linkLoomIndexerDailySubmissionPerAccount]!.updated_at) + DAY_MS;
  }

  const delayMs = options.linkLoomIndexerAccountDelay * MINUTE_MS;
  const last = await ofUser.select((eb) => eb.fn.max<number>('engine_posts.updated_at').as('at'))
    .where('engine_posts.site_key', '=', submission.siteKey).where('engine_posts.project_id', '=', submission.projectId)
    .where('engine_posts.state', '=', 'published').executeTakeFirst();
  const lastAt = last?.at === null || last?.at === undefined ? null : Number(last.at);
  if (lastAt !== null && now - lastAt < delayMs) return lastAt + delayMs;
  return null;
}

/** The extra domains of the LinkLoom Indexer tab as URLs to submit with each link set (one per line or comma). */
export function extraDomainUrls(options: Pick<EngineOptions, 'additionalSitesToIndexedByLinkLoomIndexer'>): string[] {
  return options.additionalSitesToIndexedByLinkLoomIndexer.split(/[\n,]+/)
    .map((entry) => entry.trim()).filter((entry) => entry.length > 0)
    .map((entry) => (/^https?:\/\//i.test(entry) ? entry : `https://${entry.replace(/^\/+/, '')}/`));
}
