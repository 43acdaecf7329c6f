import { DAY_MS } from '@linkloom/shared';
import type { AppContext } from '../../app-context';
import { JOB, type EngineJob, type EngineQueue } from '../jobs/job-names';
import { publishAlertRaised, type AlertRow } from '../seams';
import { digestOwners, digestSources, insertAlert } from './alerts.repository';
import { dayStart, groupDigests, previousDay, utcDay } from './digest';
import { plannedDeliveries, sendDeliveries } from './raise-alert';

/** A day's digest job runs this long after the day's midnight (UTC): checks of the day before that finish late still count. */
export const DIGEST_DELAY_MS = 5 * 60_000;

/**
 * Sends the digest job of `day` (UTC), not before `startAfter`. Its singleton key is the day, so
 * every process (each server and worker at start, each finishing digest job) asks for the same
 * job and one chain of daily jobs exists however many there are.
 */
export function sendAlertDigestJob(queue: EngineQueue, day: string, startAfter?: Date): Promise<string> {
  return queue.send(JOB.alertDigest, { day }, { singletonKey: `alert-digest-${day}`, ...(startAfter ? { startAfter } : {}), retryLimit: 2, retryDelaySeconds: 600 });
}

/** At engine start: today's job, which gathers yesterday (nothing twice: each digest is stored once per campaign and day). */
export function sendTodaysAlertDigest(queue: EngineQueue, now = Date.now()): Promise<string> {
  return sendAlertDigestJob(queue, utcDay(now));
}

/**
 * The digests of `day` (UTC): for every user whose digest is on, the day's link alerts gathered
 * into one `digest` alert per campaign (in the bell, live) and, with email on, one email of them.
 * Idempotent per day: a campaign's digest of a day is stored once (its event key), and only a
 * newly stored digest is announced or mailed. Answers how many digests were stored.
 */
export async function buildDigests(ctx: AppContext, day: string): Promise<number> {
  const { db } = ctx.database;
  const from = dayStart(day);
  let stored = 0;
  for (const ownerId of await digestOwners(db, from, from + DAY_MS)) {
    const digests = groupDigests(await digestSources(db, ownerId, from, from + DAY_MS), day);
    const { email } = await plannedDeliveries(ctx, ownerId, { webhook: false });
    const rows: AlertRow[] = [];
    for (const digest of digests) {
      const row = await insertAlert(db, {
        ownerId, kind: 'digest', eventKey: `digest:${digest.campaignId}:${day}`, campaignId: digest.campaignId, linkSetId: null, urlItemId: null,
        title: digest.title, body: digest.body, url: null, site: null, createdAt: ctx.clock.now(), webhook: null, email,
      });
      if (row) rows.push(row);
    }
    stored += rows.length;
    for (const row of rows) await publishAlertRaised(ctx, ownerId, row);
    await sendDeliveries(ctx, ownerId, rows, `alert-email-digest-${ownerId}-${day}`);
  }
  return stored;
}

/**
 * `alert.digest` of day D: first sends D+1's job (the chain lives in the queue), then gathers the
 * day before D (a job that waited past its day, e.g. while the server was down, still gathers its own).
 */
export function alertDigestJob(ctx: AppContext): EngineJob<'alert.digest'> {
  return {
    name: JOB.alertDigest,
    handler: async (job) => {
      const next = utcDay(dayStart(job.payload.day) + DAY_MS);
      await sendAlertDigestJob(ctx.queue, next, new Date(dayStart(next) + DIGEST_DELAY_MS));
      await buildDigests(ctx, previousDay(job.payload.day));
    },
    options: { concurrency: 1, timeoutSeconds: 3600 },
  };
}
