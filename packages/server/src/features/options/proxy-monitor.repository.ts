import type { Kysely } from 'kysely';
import { PROXY_MONITOR_STATES, type ProxyMonitorState } from '@linkloom/shared';
import type { DB } from '../../platform/db/schema';
import { ensureUserOptions } from './options.repository';

function toState(value: string | undefined): ProxyMonitorState {
  return (PROXY_MONITOR_STATES as readonly string[]).includes(value ?? '') ? value as ProxyMonitorState : 'NEW';
}

/** The user's proxy monitor: NEW (Check), CHECKING (Stop checking) or STOPPING (Stopping). */
export async function readProxyMonitor(db: Kysely<DB>, ownerId: number): Promise<ProxyMonitorState> {
  const row = await db.selectFrom('user_options').select('proxy_monitor').where('owner_id', '=', ownerId).executeTakeFirst();
  return toState(row?.proxy_monitor);
}

/**
 * Moves the monitor from one of `from` to `to` (compare-and-set, so two Check presses or two
 * servers start one check only); makes the options row when the user has none yet. True when it moved.
 */
export async function moveProxyMonitor(db: Kysely<DB>, ownerId: number, from: readonly ProxyMonitorState[], to: ProxyMonitorState): Promise<boolean> {
  const now = Date.now();
  // The first check of a user who never saved options: the row is made on the way.
  if (from.includes('NEW')) await ensureUserOptions(db, ownerId);
  const moved = await db.updateTable('user_options').set({ proxy_monitor: to, updated_at: now })
    .where('owner_id', '=', ownerId).where('proxy_monitor', 'in', [...from]).executeTakeFirst();
  return Number(moved.numUpdatedRows) === 1;
}
