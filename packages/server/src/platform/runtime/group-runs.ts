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
 * order; a run that throws rejects every item of it.
 */
export class GroupRuns<K, T, R> {
  readonly #waiting = new Map<K, Waiting<T, R>>();
  readonly #running = new Set<K>();
  readonly #work: (key: K, items: T[]) => Promise<R[]>;

  constructor(work: (key: K, items: T[]) => Promise<R[]>) {
    this.#work = work;
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
        this.#waiting.delete(key);
        try {
          const results = await this.#work(key, waiting.items);
          waiting.settle.forEach((settle, i) => settle.resolve(results[i]!));
        } catch (error) {
          waiting.settle.forEach((settle) => settle.reject(error));
        }
      }
    } finally {
      this.#running.delete(key);
    }
  }
}
