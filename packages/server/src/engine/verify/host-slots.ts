/**
 * Re-checks are rate-limited per site (issue 36): post.verify fetches at most
 * VERIFY_FETCHES_PER_HOST pages of one host at once in a process, across all users, on top of each
 * user's maxBrowserThreads — so "Check now" on a campaign of a thousand posts on a few blogs never
 * hammers one of them. The others wait here, in arrival order.
 */

/** Pages of one host (name and port) post.verify fetches at once in one process. */
export const VERIFY_FETCHES_PER_HOST = 2;
/**
 * Longest a post.verify waits for its host's slot; a job still waiting then is sent again a little
 * later instead (HOST_BUSY_DELAY_MS), so jobs queued behind one slow blog never hold the queue's
 * running places — nor reach the job's time limit — while other blogs' checks could run.
 */
export const HOST_WAIT_MAX_MS = 30_000;
/** When a job that found its host busy runs again (plus up to as much again, so they do not return together). */
export const HOST_BUSY_DELAY_MS = 5_000;

/** The host (lower-case name and port) a page is fetched from; the whole text when it is not a URL. */
export function pageHost(url: string): string {
  try {
    return new URL(url).host.toLowerCase();
  } catch {
    return url;
  }
}

/**
 * The links in an order that visits the hosts in turn (a link of each host, then the next of each
 * …): the queue runs post.verify in the order sent, so a campaign whose first thousand links sit on
 * one blog does not fill every running job with fetches waiting for that blog's few slots.
 */
export function interleaveByHost<L extends { url: string }>(links: readonly L[]): L[] {
  const byHost = new Map<string, L[]>();
  for (const link of links) {
    const host = pageHost(link.url);
    const list = byHost.get(host);
    if (list) list.push(link);
    else byHost.set(host, [link]);
  }
  const queues = [...byHost.values()];
  const out: L[] = [];
  for (let round = 0; out.length < links.length; round += 1) {
    for (const queue of queues) if (round < queue.length) out.push(queue[round]!);
  }
  return out;
}

/** What {@link HostSlots.holding} answers when the host stayed busy. */
export const HOST_BUSY = Symbol('host busy');

interface HostState {
  busy: number;
  waiting: (() => void)[];
}

/** Slots per host: `limit` at once, the rest wait in arrival order (an aborted wait leaves the line). */
export class HostSlots {
  readonly #hosts = new Map<string, HostState>();

  constructor(readonly limit: number = VERIFY_FETCHES_PER_HOST) {}

  /**
   * Resolves true once the host has a free slot for this caller; false when `maxWaitMs` passed
   * first (the caller holds nothing); rejects with the signal's reason when aborted first.
   */
  async acquire(host: string, signal?: AbortSignal, maxWaitMs = Infinity): Promise<boolean> {
    let state = this.#hosts.get(host);
    if (!state) this.#hosts.set(host, (state = { busy: 0, waiting: [] }));
    if (state.busy < Math.max(1, this.limit)) {
      state.busy += 1;
      return true;
    }
    const waiting = state;
    return new Promise<boolean>((resolve, reject) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const leave = () => {
        const index = waiting.waiting.indexOf(grant);
        if (index >= 0) waiting.waiting.splice(index, 1);
        signal?.removeEventListener('abort', onAbort);
        clearTimeout(timer);
        if (waiting.busy <= 0 && waiting.waiting.length === 0) this.#hosts.delete(host);
      };
      const grant = () => {
        signal?.removeEventListener('abort', onAbort);
        clearTimeout(timer);
        resolve(true);
      };
      const onAbort = () => {
        leave();
        reject(signal?.reason);
      };
      if (signal?.aborted) return onAbort();
      signal?.addEventListener('abort', onAbort, { once: true });
      if (Number.isFinite(maxWaitMs)) {
        timer = setTimeout(() => {
          leave();
          resolve(false);
        }, maxWaitMs);
      }
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

  /**
   * Runs `work` holding one of the host's slots (released however `work` ends); `busy` (without
   * running `work`) when no slot came free within `maxWaitMs`.
   */
  async holding<T>(host: string, signal: AbortSignal, work: () => Promise<T>, maxWaitMs = Infinity): Promise<T | typeof HOST_BUSY> {
    if (!(await this.acquire(host, signal, maxWaitMs))) return HOST_BUSY;
    try {
      return await work();
    } finally {
      this.release(host);
    }
  }
}
