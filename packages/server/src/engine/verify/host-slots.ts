/**
 * Re-checks are rate-limited per site (issue 36): post.verify fetches at most
 * VERIFY_FETCHES_PER_HOST pages of one host at once in a process, across all users, on top of each
 * user's maxBrowserThreads — so "Check now" on a campaign of a thousand posts on a few blogs never
 * hammers one of them. The others wait here, in arrival order.
 */

/** Pages of one host (name and port) post.verify fetches at once in one process. */
export const VERIFY_FETCHES_PER_HOST = 2;

/** The host (lower-case name and port) a page is fetched from; the whole text when it is not a URL. */
export function pageHost(url: string): string {
  try {
    return new URL(url).host.toLowerCase();
  } catch {
    return url;
  }
}

interface HostState {
  busy: number;
  waiting: (() => void)[];
}

/** Slots per host: `limit` at once, the rest wait in arrival order (an aborted wait leaves the line). */
export class HostSlots {
  readonly #hosts = new Map<string, HostState>();

  constructor(readonly limit: number = VERIFY_FETCHES_PER_HOST) {}

  async acquire(host: string, signal?: AbortSignal): Promise<void> {
    let state = this.#hosts.get(host);
    if (!state) this.#hosts.set(host, (state = { busy: 0, waiting: [] }));
    if (state.busy < Math.max(1, this.limit)) {
      state.busy += 1;
      return;
    }
    const waiting = state;
    await new Promise<void>((resolve, reject) => {
      const grant = () => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      };
      const onAbort = () => {
        const index = waiting.waiting.indexOf(grant);
        if (index >= 0) waiting.waiting.splice(index, 1);
        reject(signal?.reason);
      };
      if (signal?.aborted) return onAbort();
      signal?.addEventListener('abort', onAbort, { once: true });
      waiting.waiting.push(grant);
    });
  }

  /** Frees a slot of the host: the next waiting fetch of it gets it (busy stays the same). */
  release(host: string): void {
    const state = this.#hosts.get(host);
    if (!state) return;
    const next = state.waiting.shift();
    if (next) return next();
    state.busy -= 1;
    if (state.busy <= 0 && state.waiting.length === 0) this.#hosts.delete(host);
  }

  /** Fetches of the host holding a slot now. */
  busy(host: string): number {
    return this.#hosts.get(host)?.busy ?? 0;
  }

  /** Runs `work` holding one of the host's slots (released however `work` ends). */
  async holding<T>(host: string, signal: AbortSignal, work: () => Promise<T>): Promise<T> {
    await this.acquire(host, signal);
    try {
      return await work();
    } finally {
      this.release(host);
    }
  }
}
