/**
 * maxPostingThreads in this process: at most that many of one user's posts talk to sites at once;
 * the others wait here (in arrival order) for a free slot. Each worker process keeps its own slots.
 */
export class PostingSlots {
  private readonly owners = new Map<number, { busy: number; waiting: (() => void)[] }>();

  private state(ownerId: number) {
    let state = this.owners.get(ownerId);
    if (!state) {
      state = { busy: 0, waiting: [] };
      this.owners.set(ownerId, state);
    }
    return state;
  }

  /** Resolves once the user has a free slot (rejects with the signal's reason when aborted first). */
  async acquire(ownerId: number, limit: number, signal?: AbortSignal): Promise<void> {
    const state = this.state(ownerId);
    if (state.busy < Math.max(1, limit)) {
      state.busy += 1;
      return;
    }
    await new Promise<void>((resolve, reject) => {
      const grant = () => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      };
      const onAbort = () => {
        const index = state.waiting.indexOf(grant);
        if (index >= 0) state.waiting.splice(index, 1);
        reject(signal?.reason);
      };
      if (signal?.aborted) return onAbort();
      signal?.addEventListener('abort', onAbort, { once: true });
      state.waiting.push(grant);
    });
  }

  /** Frees a slot: the next waiting post of the user gets it. */
  release(ownerId: number): void {
    const state = this.owners.get(ownerId);
    if (!state) return;
    const next = state.waiting.shift();
    if (next) {
      next();
      return;
    }
    state.busy -= 1;
    if (state.busy <= 0 && state.waiting.length === 0) this.owners.delete(ownerId);
  }

  /** Posts of the user holding a slot now (tests). */
  busy(ownerId: number): number {
    return this.owners.get(ownerId)?.busy ?? 0;
  }
}

/** Runs `work` holding one of the user's `limit` places in `slots` (released however `work` ends). */
export async function holdingSlot<T>(slots: PostingSlots, ownerId: number, limit: number, signal: AbortSignal, work: () => Promise<T>): Promise<T> {
  await slots.acquire(ownerId, limit, signal);
  try {
    return await work();
  } finally {
    slots.release(ownerId);
  }
}
