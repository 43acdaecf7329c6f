import type { Kysely } from 'kysely';
import { isBlockedBy, isIndexable } from '@linkloom/shared';
import type { DB } from '../../platform/db/schema';
import {
  INDEXNOW_MAX_URLS, IndexNowError, batchUrlsByHost, keyLocationFor, submitIndexNowBatch, type IndexNowBatch,
} from './indexnow-client';

/** Links read from the database per query while batching. */
const READ_BATCH = 2000;

export interface SubmissionTarget {
  endpoint: string;
  engineName: string;
  key: string;
  timeoutMs: number;
  signal?: AbortSignal;
  /** The user's blocked domains: their URLs are never submitted (counted in `blocked`). */
  blocked?: ReadonlySet<string>;
  /** URLs submitted with the link set's (the LinkLoom Indexer tab's extra domains). */
  extraUrls?: readonly string[];
}

/** How a link set's submission to one engine went. */
export interface SubmissionReport {
  /** URLs the engine took (200 or 202). */
  submitted: number;
  /** URLs refused for good (400 / 403 / 422), with one message per refusal. */
  refused: number;
  errors: string[];
  /** Links that are not absolute http(s) URLs (never sent). */
  skipped: number;
  /** Links on the user's blocked sites (never sent). */
  blocked?: number;
  /** Links held back because their latest check found them dead or still failing (issue 18.3: only live links go to indexers). */
  heldBack?: number;
  /** Set when the engine asked to come back later (429, 5xx, timeout, network): the rest was not sent. */
  retryLater?: IndexNowError;
}

/** The next links of a set after `afterId` (url_items_list_idx), with their latest check. */
async function linksAfter(db: Kysely<DB>, urlListId: number, afterId: number, limit: number) {
  return db.selectFrom('url_items').select(['id', 'url', 'check_status'])
    .where('url_list_id', '=', urlListId).where('id', '>', afterId)
    .orderBy('id').limit(limit).execute();
}

/**
 * The link set's URLs, host by host in requests of at most 10,000 (the protocol's limits), read
 * from the database in keyset batches so a big set never sits in memory whole. A host refused for
 * good (bad key, URLs not of the host) is reported and the other hosts go on; an engine asking to
 * come back later stops the submission there. Only live links go (shared isIndexable: the latest
 * check is OK or NOFOLLOW, or the link was never checked); the others are counted in `heldBack`.
 */
export async function submitLinkSet(db: Kysely<DB>, urlListId: number, target: SubmissionTarget): Promise<SubmissionReport> {
  const report: SubmissionReport = { submitted: 0, refused: 0, errors: [], skipped: 0 };
  const pending = new Map<string, IndexNowBatch>();

  const send = async (batch: IndexNowBatch): Promise<boolean> => {
    try {
      await submitIndexNowBatch(batch, { ...target, keyLocation: keyLocationFor(batch, target.key) });
      report.submitted += batch.urls.length;
      return true;
    } catch (error) {
      if (!(error instanceof IndexNowError)) throw error;
      if (error.retryable) {
        report.retryLater = error;
        return false;
      }
      report.refused += batch.urls.length;
      if (!report.errors.includes(error.message)) report.errors.push(error.message);
      return true;
    }
  };

  let afterId = 0;
  let extra = [...(target.extraUrls ?? [])];
  for (;;) {
    const rows = await linksAfter(db, urlListId, afterId, READ_BATCH);
    if (rows.length === 0 && extra.length === 0) break;
    if (rows.length > 0) afterId = rows[rows.length - 1]!.id;
    const live = rows.filter((row) => isIndexable(row.check_status));
    if (live.length < rows.length) report.heldBack = (report.heldBack ?? 0) + rows.length - live.length;
    const urls = [...extra, ...live.map((row) => row.url)];
    extra = [];
    const allowed = target.blocked && target.blocked.size > 0 ? urls.filter((url) => !isBlockedBy(url, target.blocked!)) : urls;
    if (allowed.length < urls.length) report.blocked = (report.blocked ?? 0) + urls.length - allowed.length;
    const { batches, skipped } = batchUrlsByHost(allowed);
    report.skipped += skipped;
    for (const part of batches) {
      const open = pending.get(part.origin);
      if (open) open.urls.push(...part.urls);
      const merged = open ?? part;
      // Full requests go now; the remainder waits for more URLs of its host.
      while (merged.urls.length >= INDEXNOW_MAX_URLS) {
        if (!(await send({ ...merged, urls: merged.urls.splice(0, INDEXNOW_MAX_URLS) }))) return report;
      }
      pending.set(part.origin, merged);
    }
  }
  for (const batch of pending.values()) {
    if (batch.urls.length > 0 && !(await send(batch))) return report;
  }
  return report;
}
