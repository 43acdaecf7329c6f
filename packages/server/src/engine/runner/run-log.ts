import type { Kysely } from 'kysely';
import { RUN_LOG_PAGE, type RunLogEntry, type RunLogKind, type RunLogPage } from '@linkloom/shared';
import type { AppContext } from '../../app-context';
import type { DB } from '../../platform/db/schema';

/** A project keeps the log lines of its newest runs only. */
export const RUN_LOG_RUNS_KEPT = 5;

/** The post (or registration row) a line is about. */
export interface LoggedPost {
  id: number;
  owner_id: number;
  project_id: number;
  run_id: number;
  site_key: string;
  /** The site's normalised address a post recorded with its intent: the line's site when the caller names none. */
  intent_site?: string | null;
}

/**
 * Writes a line of the project's run log (issue 35 item 2) and sends it live (`runLogged` on
 * project/{id}). Called after the change it tells of is committed, in our words: a site's own
 * answer is summarised by the connector's error, never copied. A failure to log never fails the post.
 * `once`: not written when the post's newest line says the same.
 */
export async function logRun(
  ctx: AppContext, post: LoggedPost, site: string | undefined, kind: RunLogKind, message: string, url: string | null = null,
  options: { once?: boolean } = {},
): Promise<void> {
  const at = Date.now();
  const shown = (site ?? post.intent_site ?? post.site_key).slice(0, 500);
  try {
    if (options.once) {
      // A wait told again and again (a post looking for a live proxy every 30 s) is one line until something else happens.
      const last = await ctx.database.db.selectFrom('run_log').select(['kind', 'message']).where('project_id', '=', post.project_id)
        .where('site_key', '=', post.site_key).where('post_id', '=', post.id).orderBy('id', 'desc').limit(1).executeTakeFirst();
      if (last?.kind === kind && last.message === message) return;
    }
    const row = await ctx.database.db.insertInto('run_log').values({
      owner_id: post.owner_id, project_id: post.project_id, run_id: post.run_id, post_id: post.id, site_key: post.site_key,
      site: shown, at, kind, message: message.slice(0, 2000), url, created_at: at,
    }).returning('id').executeTakeFirstOrThrow();
    const entry: RunLogEntry = { id: row.id, runId: post.run_id, siteKey: post.site_key, site: shown, at, kind, message: message.slice(0, 2000), url };
    ctx.live?.publish(post.owner_id, `project/${post.project_id}`, 'runLogged', { projectId: post.project_id, entries: [entry] });
  } catch {
    // The log is a view of the run: the run goes on without the line.
  }
}

/** Drops the lines of the project's runs older than its newest RUN_LOG_RUNS_KEPT (a Start calls it). */
export async function pruneRunLog(db: Kysely<DB>, ownerId: number, projectId: number): Promise<void> {
  const kept = await db.selectFrom('project_runs').select('id').where('owner_id', '=', ownerId).where('project_id', '=', projectId)
    .orderBy('id', 'desc').offset(RUN_LOG_RUNS_KEPT - 1).limit(1).executeTakeFirst();
  if (!kept) return;
  await db.deleteFrom('run_log').where('owner_id', '=', ownerId).where('project_id', '=', projectId).where('run_id', '<', kept.id).execute();
}

/** A page of the project's log, newest first: one site's lines when `siteKey` is given; `before` an id for older lines. */
export async function readRunLog(db: Kysely<DB>, ownerId: number, projectId: number, query: { siteKey?: string; before?: number }): Promise<RunLogPage> {
  let select = db.selectFrom('run_log').select(['id', 'run_id', 'site_key', 'site', 'at', 'kind', 'message', 'url'])
    .where('owner_id', '=', ownerId).where('project_id', '=', projectId);
  if (query.siteKey !== undefined) select = select.where('site_key', '=', query.siteKey);
  if (query.before !== undefined) select = select.where('id', '<', query.before);
  const rows = await select.orderBy('id', 'desc').limit(RUN_LOG_PAGE + 1).execute();
  return {
    entries: rows.slice(0, RUN_LOG_PAGE).map((row) => ({
      id: row.id, runId: row.run_id, siteKey: row.site_key, site: row.site, at: Number(row.at), kind: row.kind as RunLogKind, message: row.message, url: row.url,
    })),
    more: rows.length > RUN_LOG_PAGE,
  };
}
