/**
 * Walks a large table in id order, one batch at a time (keyset pagination: each batch starts
 * after the last id seen, so page 5,000 costs what page 1 costs). Works the same on SQLite and
 * PostgreSQL, and lets an export stream rows without loading them all.
 */
export async function* inBatches<T extends { id: number }>(
  fetchAfter: (afterId: number, limit: number) => Promise<T[]>,
  batchSize = 2000,
): AsyncGenerator<T[]> {
  let afterId = 0;
  for (;;) {
    const rows = await fetchAfter(afterId, batchSize);
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < batchSize) return;
    afterId = rows[rows.length - 1]!.id;
  }
}
