import { sql, type RawBuilder } from 'kysely';

/**
 * A row's `updated_at` after a change: the time now, or one past the stored value when that is not
 * older. Readers that keep what they parsed of a row until its updated_at moves (the engine's
 * options, a strategy preview's address) need it to move on every change, even two within one
 * millisecond or after the clock stepped back.
 */
export function advancedUpdatedAt(now: number): RawBuilder<number> {
  return sql<number>`case when updated_at >= ${now} then updated_at + 1 else ${now} end`;
}
