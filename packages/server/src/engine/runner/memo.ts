/**
 * A small time-limited memo for what the runner reads for every post but what rarely changes
 * within seconds (the user's options, a project's parsed form, a content group's settings, link
 * sets): one read per key and period instead of one per post.
 */
export class Memo<K, V> {
  private readonly entries = new Map<K, { at: number; value: Promise<V> }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 1000,
  ) {}

  get(key: K, load: () => Promise<V>): Promise<V> {
    const now = Date.now();
    const entry = this.entries.get(key);
    if (entry && now - entry.at < this.ttlMs) return entry.value;
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    const value = load();
    this.entries.set(key, { at: now, value });
    value.catch(() => this.entries.delete(key));
    return value;
  }

  /** Forgets one key: its next `get` loads it again (a value just saved must not wait out the period). */
  delete(key: K): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }
}

/** One memo per database (a process may serve several, e.g. tests on SQLite and PostgreSQL): ids only mean something within one. */
export function perDatabase<K, V>(ttlMs: number, maxEntries?: number): (db: object) => Memo<K, V> {
  const memos = new WeakMap<object, Memo<K, V>>();
  return (db) => {
    let memo = memos.get(db);
    if (!memo) {
      memo = new Memo<K, V>(ttlMs, maxEntries);
      memos.set(db, memo);
    }
    return memo;
  };
}
