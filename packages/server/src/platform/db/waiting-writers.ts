import { setTimeout as sleep } from 'node:timers/promises';

/** The longest an import thread holds its next chunk for waiting writers (then it goes on anyway). */
const GIVE_WAY_MAX_MS = 1000;

/**
 * How many statements of the request thread wait for SQLite's write lock, in memory shared with the
 * threads that write large imports on connections of their own: between two chunks an import gives
 * way while the count is above zero, so a user's save waits for at most the chunk being written
 * instead of the whole import (SQLite grants the lock to whoever asks first, and the import thread
 * asks again at once).
 */
export class WaitingWriters {
  readonly #count: Int32Array;

  /** A new counter, or a view of one another thread made (its `shared` memory). */
  constructor(shared: SharedArrayBuffer = new SharedArrayBuffer(4)) {
    this.#count = new Int32Array(shared);
  }

  /** The memory to hand to a worker thread (workerData) for it to see the same count. */
  get shared(): SharedArrayBuffer {
    return this.#count.buffer as SharedArrayBuffer;
  }

  /** Counts one waiting statement until the returned function is called. */
  enter(): () => void {
    Atomics.add(this.#count, 0, 1);
    let left = false;
    return () => {
      if (left) return;
      left = true;
      Atomics.sub(this.#count, 0, 1);
    };
  }

  get waiting(): number {
    return Atomics.load(this.#count, 0);
  }

  /** Resolves once no statement waits (or after GIVE_WAY_MAX_MS): called by import threads between chunks. */
  async giveWay(): Promise<void> {
    const until = Date.now() + GIVE_WAY_MAX_MS;
    while (this.waiting > 0 && Date.now() < until) await sleep(1);
  }
}
