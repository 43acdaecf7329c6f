/**
 * Rows of a listing sorted on (key, tie) — the tie making the order unique — that come after a
 * cursor (the key and tie of a row), `offset` of them skipped, at most `limit`: first the rows that
 * share the cursor's key (ties after the cursor's), then the rows of later keys, each an index
 * range walked in order no further than needed. One range `key >= c and (key > c or tie > t)`
 * walks every row that shares the cursor's key from the first of them, and keys are often shared
 * by a great many rows (a link set imported at once has one date added; a profile's accounts a few
 * sites): sorted by such a key, every batch of an export walked all of them before its cursor.
 */
export interface KeysetSeek<R> {
  /** How many rows share the cursor's key after its tie, counted up to `upTo`; null when the key is unique. */
  countSameKey: ((upTo: number) => Promise<number>) | null;
  /** Those rows, in tie order. */
  sameKey: (limit: number, offset: number) => Promise<R[]>;
  /** The rows of the keys after the cursor's, in (key, tie) order. */
  laterKeys: (limit: number, offset: number) => Promise<R[]>;
}

export async function seekAfterCursor<R>(seek: KeysetSeek<R>, limit: number, offset = 0): Promise<R[]> {
  const same = seek.countSameKey ? await seek.countSameKey(offset + limit) : 0;
  const rows = same > offset ? await seek.sameKey(Math.min(limit, same - offset), offset) : [];
  if (rows.length >= limit) return rows;
  return [...rows, ...(await seek.laterKeys(limit - rows.length, Math.max(0, offset - same)))];
}
