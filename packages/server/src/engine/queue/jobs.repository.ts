import { sql, type Kysely } from 'kysely';
import { reusableQuery, type DialectName } from '../../platform/db/dialect';
import type { DB } from '../../platform/db/schema';
import type { ClaimedJob, InsertJob } from './job-store';
import type { JobInfo } from './queue';

type Db = Kysely<DB>;

export const CRASHED_RUN_ERROR = 'The worker running this job stopped (crash or kill) before it finished';

/** The run a ClaimedJob stands for: its row, still active, still at the attempt it was claimed with. */
function heldRun(job: ClaimedJob) {
  return { id: Number(job.id), attempts: job.attempt };
}

const insertJobRow = reusableQuery(
  (db, name: string, payload: string, singletonKey: string | null, startAfter: number, retryLimit: number, retryDelay: number, createdAt: number) =>
    db
      .insertInto('jobs')
      .values({ name, payload, singleton_key: singletonKey, start_after: startAfter, retry_limit: retryLimit, retry_delay: retryDelay, created_at: createdAt })
      .onConflict((oc) => oc.doNothing())
      .returning('id'),
);

/** Inserts a job, or finds the not-finished one holding the same singleton key. */
export async function insertJob(db: Db, job: InsertJob, now: number): Promise<string> {
  // The existing holder of the key may finish between the two statements: then insert again.
  for (let round = 0; round < 3; round += 1) {
    const startAfter = job.startAfter ? job.startAfter.getTime() : now;
    const { rows } = await insertJobRow(db, job.name, JSON.stringify(job.payload), job.singletonKey ?? null, startAfter, job.retryLimit, job.retryDelaySeconds, now);
    const inserted = rows[0];
    if (inserted) return String(inserted.id);
    const holder = await db
      .selectFrom('jobs')
      .select('id')
      .where('name', '=', job.name)
      .where('singleton_key', '=', job.singletonKey ?? '')
      .where('state', 'in', ['created', 'active'])
      .executeTakeFirst();
    if (holder) return String(holder.id);
  }
  throw new Error(`Could not store job ${job.name} (singleton key ${job.singletonKey ?? '-'})`);
}

/**
 * Marks up to `limit` due jobs of one name active under a lease, atomically: SQLite runs the one
 * statement under its write lock; PostgreSQL locks the chosen rows and skips rows other workers hold.
 */
export async function claimJobs(db: Db, dialect: DialectName, name: string, limit: number, leaseUntil: number, now: number): Promise<ClaimedJob[]> {
  const claim = { state: 'active' as const, attempts: sql<number>`attempts + 1`, locked_until: leaseUntil };
  const returned = ['jobs.id', 'jobs.name', 'jobs.payload', 'jobs.attempts'] as const;
  const rows =
    dialect === 'postgres'
      ? await db
          .with('due', (qb) =>
            qb
              .selectFrom('jobs')
              .select('id')
              .where('state', '=', 'created')
              .where('name', '=', name)
              .where('start_after', '<=', now)
              .orderBy('start_after')
              .orderBy('id')
              .limit(limit)
              .forUpdate()
              .skipLocked(),
          )
          .updateTable('jobs')
          .from('due')
          .set(claim)
          .whereRef('jobs.id', '=', 'due.id')
          .returning(returned)
          .execute()
      : (await sqliteDueJob(db, name, now)).rows.length === 0
        ? []
        : (await sqliteClaim(db, leaseUntil, name, now, limit)).rows;
  return rows
    .sort((a, b) => a.id - b.id)
    .map((row) => ({ id: String(row.id), name: row.name, payload: JSON.parse(row.payload) as unknown, attempt: row.attempts }));
}

/**
 * Whether a job of the name is due, read before claiming on SQLite: an UPDATE takes SQLite's one
 * write lock even when it changes no row, so a claim pass over every name (four times a second)
 * would wait for any other writer (a large import's chunk on its worker thread) while nothing is
 * due; a read never waits in WAL mode.
 */
const sqliteDueJob = reusableQuery((db, name: string, now: number) =>
  db.selectFrom('jobs').select('id').where('state', '=', 'created').where('name', '=', name).where('start_after', '<=', now).limit(sql<number>`1`),
);

/** The claim on SQLite: the update's subquery chooses the jobs, all in one statement. */
const sqliteClaim = reusableQuery((db, leaseUntil: number, name: string, now: number, limit: number) =>
  db
    .updateTable('jobs')
    .set({ state: 'active', attempts: sql<number>`attempts + 1`, locked_until: leaseUntil })
    .where('id', 'in', (qb) =>
      qb
        .selectFrom('jobs')
        .select('id')
        .where('state', '=', 'created')
        .where('name', '=', name)
        .where('start_after', '<=', now)
        .orderBy('start_after')
        .orderBy('id')
        // Not a bare parameter: SQLite re-prepares a statement whose LIMIT is a plain bound
        // parameter each time it runs (it plans for the bound value).
        .limit(sql<number>`cast(${limit} as integer)`),
    )
    .returning(['jobs.id', 'jobs.name', 'jobs.payload', 'jobs.attempts']),
);

/** Extends the leases of runs this process still holds; returns their ids. */
export async function renewLeases(db: Db, jobs: readonly ClaimedJob[], leaseUntil: number): Promise<Set<string>> {
  if (jobs.length === 0) return new Set();
  const rows = await db
    .updateTable('jobs')
    .set({ locked_until: leaseUntil })
    .where('state', '=', 'active')
    .where((eb) => eb.or(jobs.map((job) => eb.and(heldRun(job)))))
    .returning('id')
    .execute();
  return new Set(rows.map((row) => String(row.id)));
}

const completeRun = reusableQuery((db, completedAt: number, id: number, attempts: number) =>
  db
    .updateTable('jobs')
    .set({ state: 'completed', completed_at: completedAt, locked_until: null })
    .where('state', '=', 'active')
    .where((eb) => eb.and({ id, attempts })),
);

export async function completeJob(db: Db, job: ClaimedJob, now: number): Promise<void> {
  const run = heldRun(job);
  await completeRun(db, now, run.id, run.attempts);
}

/** Columns of a failed run: wait `retry_delay` for the next one, or fail when no retry is left (or none may be made). */
function failedRun(now: number, error: string, retry = true) {
  const noRetryLeft = retry ? sql<boolean>`attempts > retry_limit` : sql<boolean>`1 = 1`;
  return {
    state: sql<'failed' | 'created'>`case when ${noRetryLeft} then 'failed' else 'created' end`,
    start_after: sql<number>`case when ${noRetryLeft} then start_after else cast(${now} as bigint) + retry_delay * 1000 end`,
    completed_at: sql<number | null>`case when ${noRetryLeft} then cast(${now} as bigint) else null end`,
    locked_until: null,
    last_error: error,
  };
}

/** A failed run of a held job: retried per its limits, or failed for good when `retry` is false. */
export async function failJob(db: Db, job: ClaimedJob, error: string, now: number, retry = true): Promise<void> {
  await db
    .updateTable('jobs')
    .set(failedRun(now, error, retry))
    .where('state', '=', 'active')
    .where((eb) => eb.and(heldRun(job)))
    .execute();
}

/** An interrupted run waits again and gives its attempt back. */
export async function releaseJob(db: Db, job: ClaimedJob, now: number): Promise<void> {
  await db
    .updateTable('jobs')
    .set({ state: 'created', attempts: sql<number>`attempts - 1`, locked_until: null, start_after: now })
    .where('state', '=', 'active')
    .where((eb) => eb.and(heldRun(job)))
    .execute();
}

/** Runs whose lease ran out belong to a worker that died: they count as failed attempts. */
export async function reapExpiredLeases(db: Db, now: number): Promise<number> {
  const result = await db
    .updateTable('jobs')
    .set(failedRun(now, CRASHED_RUN_ERROR))
    .where('state', '=', 'active')
    .where('locked_until', '<', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Finished jobs are kept a while for inspection, then deleted. */
export async function deleteFinishedJobs(db: Db, finishedBefore: number): Promise<void> {
  await db.deleteFrom('jobs').where('state', 'in', ['completed', 'failed', 'cancelled']).where('completed_at', '<', finishedBefore).execute();
}

export async function cancelJob(db: Db, id: number, now: number): Promise<boolean> {
  const result = await db
    .updateTable('jobs')
    .set({ state: 'cancelled', completed_at: now, locked_until: null })
    .where('id', '=', id)
    .where('state', 'in', ['created', 'active'])
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function findJob(db: Db, id: number): Promise<JobInfo | undefined> {
  const row = await db.selectFrom('jobs').select(['id', 'name', 'state', 'payload', 'attempts', 'last_error']).where('id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  return { id: String(row.id), name: row.name, state: row.state, payload: JSON.parse(row.payload) as unknown, attempts: row.attempts, lastError: row.last_error };
}
