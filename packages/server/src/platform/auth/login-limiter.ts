import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema';

/** Length of one counting window; it opens with a bucket's first attempt. */
export const LOGIN_WINDOW_MS = 60_000;
/** Buckets whose window closed this long ago are deleted when another window opens. */
const KEEP_MS = 10 * LOGIN_WINDOW_MS;

export interface LoginAttemptVerdict {
  /** True when this attempt goes past the limit of its address or of its username. */
  limited: boolean;
  /** Seconds until the fullest window closes and its attempts are counted afresh. */
  retryAfterSeconds: number;
}

/** The buckets one attempt counts against: where it comes from, and whom it tries to sign in as. */
export function loginBuckets(address: string, username: string): string[] {
  return [`address:${address}`, `username:${username.trim().toLowerCase()}`];
}

/**
 * Adds one attempt to a bucket in one statement (no read-then-write race between processes): a
 * window older than a minute starts again at this attempt. Both dialects read the old row on the
 * right-hand side of every SET, so the two CASEs agree.
 */
async function countIn(db: Kysely<DB>, bucket: string, now: number): Promise<{ attempts: number; windowStart: number }> {
  const expired = sql<boolean>`login_attempts.window_start <= ${now - LOGIN_WINDOW_MS}`;
  const row = await db.insertInto('login_attempts')
    .values({ bucket, window_start: now, attempts: 1 })
    .onConflict((conflict) => conflict.column('bucket').doUpdateSet({
      attempts: sql<number>`CASE WHEN ${expired} THEN 1 ELSE login_attempts.attempts + 1 END`,
      window_start: sql<number>`CASE WHEN ${expired} THEN ${now} ELSE login_attempts.window_start END`,
    }))
    .returning(['attempts', 'window_start'])
    .executeTakeFirstOrThrow();
  return { attempts: Number(row.attempts), windowStart: Number(row.window_start) };
}

/**
 * Counts one sign-in attempt against the client address and against the username, in the
 * database so that every server process sharing it (PostgreSQL) counts against one limit, and
 * says whether it goes past `limitPerMinute` in either. Counted before the password is checked:
 * a guesser spreading over many addresses is still held to the username's limit.
 */
export async function countLoginAttempt(
  db: Kysely<DB>, attempt: { address: string; username: string }, limitPerMinute: number, now = Date.now(),
): Promise<LoginAttemptVerdict> {
  let limited = false;
  let retryAt = now;
  let opened = false;
  for (const bucket of loginBuckets(attempt.address, attempt.username)) {
    const { attempts, windowStart } = await countIn(db, bucket, now);
    if (attempts === 1) opened = true;
    if (attempts > limitPerMinute) {
      limited = true;
      retryAt = Math.max(retryAt, windowStart + LOGIN_WINDOW_MS);
    }
  }
  if (opened) await db.deleteFrom('login_attempts').where('window_start', '<', now - KEEP_MS).execute();
  return { limited, retryAfterSeconds: Math.max(1, Math.ceil((retryAt - now) / 1000)) };
}
