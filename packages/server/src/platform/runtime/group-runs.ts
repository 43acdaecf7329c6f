interface Waiting<T, R> {
  items: T[];
  settle: { resolve: (result: R) => void; reject: (error: unknown) => void }[];
}

/**
 * Group commit: `add(key, item)` runs `work(key, items)` on the next turn of the event loop
 * (setImmediate: the I/O that landed in the same turn adds its items first) when nothing runs for
 * that key; items added while a run of that key is in flight wait and go together into the next
 * run. A lone caller is served as if called directly, one turn later; a burst of concurrent callers
 * (20 re-checks landing at once) costs one run per burst instead of one per item. `work` returns one result per item, in
 * order; a run that throws rejects every item of it. With `spacingMs`, a key's next run starts no
 * sooner than that long after its last one started (the items meanwhile wait and go together).
 */
export class GroupRuns<K, T, R> {
  readonly #waiting = new Map<K, Waiting<T, R>>();
  readonly #running = new Set<K>();
  readonly #work: (key: K, items: T[]) => Promise<R[]>;
  readonly #spacingMs: number;
  readonly #lastStart = new Map<K, number>();

  constructor(work: (key: K, items: T[]) => Promise<R[]>, options: { spacingMs?: number } = {}) {
    this.#work = work;
    this.#spacingMs = options.spacingMs ?? 0;
  }

  add(key: K, item: T): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      let waiting = this.#waiting.get(key);
      if (!waiting) {
        waiting = { items: [], settle: [] };
        this.#waiting.set(key, waiting);
      }
      waiting.items.push(item);
      waiting.settle.push({ resolve, reject });
      if (!this.#running.has(key)) void this.#drain(key);
    });
  }

  async #drain(key: K): Promise<void> {
    this.#running.add(key);
    try {
      await new Promise<void>((resolve) => setImmediate(resolve));
      for (let waiting = this.#waiting.get(key); waiting; waiting = this.#waiting.get(key)) {
        // Spaced runs: the items added meanwhile join this one (it stays listed until it starts).
        const wait = (this.#lastStart.get(key) ?? -Infinity) + this.#spacingMs - Date.now();
        if (wait > 0) await new Promise<void>((resolve) => setTimeout(resolve, wait));
        this.#waiting.delete(key);
        if (this.#spacingMs > 0) this.#lastStart.set(key, Date.now());
        try {
          const results = await this.#work(key, waiting.items);
          waiting.settle.forEach((settle, i) => settle.resolve(results[i]!));
        } catch (error) {
          waiting.settle.forEach((settle) => settle.reject(error));
        }
      }
    } finally {
      this.#running.delete(key);
      if (this.#spacingMs > 0) {
        // A key's last start is kept as long as it can delay a run, then let go.
        const forget = setTimeout(() => {
          if (!this.#running.has(key) && (this.#lastStart.get(key) ?? 0) + this.#spacingMs <= Date.now()) this.#lastStart.delete(key);
        }, this.#spacingMs);
        forget.unref?.();
      }
    }
  }
}
