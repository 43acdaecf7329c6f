/**
 * The flow of scheduled re-checks (issue 40.1): due links are checked continuously, not a fixed
 * batch per scheduler tick, and by the process that claimed them. A claim (recheck-due-links.ts)
 * moves each link a lease ahead, so no other process takes it; the flow then runs post.verify's
 * check on it itself (verifyPost: the user's proxy options, maxBrowserThreads and the per-host
 * fetch slots), up to RECHECK_RUNNING at once in the process (the global cap), the other claimed
 * links waiting their turn. A link's check storing its result sets its next due time; one lost
 * with a crash or a stop comes due again when its lease ends.
 *
 * Each process keeps up to RECHECK_IN_FLIGHT links claimed and unfinished, at most
 * RECHECK_IN_FLIGHT_PER_HOST of one host (the host's fetch slots busy and the next of its pages
 * waiting behind them; host-slots.ts). As its checks end it claims the next due links for the
 * freed places (oldest due first, spread over the hosts; one claim per RECHECK_REFILL_DELAY_MS)
 * instead of waiting for the next tick. What limits the pace is then what should: the global cap,
 * each user's maxBrowserThreads and the per-host slots — not the tick.
 *
 * Checks run here, not as one queued job each: a job is three writes of the jobs table (send,
 * claim, finish) per link, which cost more than the check's own reads and writes. A check that
 * must try again later (the page did not answer, the host stayed busy, no live proxy) is queued as
 * post.verify as before. The scheduler's tick fills the flow too; a refill that finds nothing due
 * waits for the next tick. The flow runs on the tick's clock (tests pass their own).
 */
import type { AppContext } from '../../app-context';
import { DueLinkCandidates, RECHECK_BATCH, claimDueRechecks, type DueRecheck } from './recheck-due-links';
import { verifyPost } from './verify-post.job';

/** Links one process keeps claimed and unfinished. */
export const RECHECK_IN_FLIGHT = 400;
/** …of them, at most this many of one host: its two fetch slots busy, two pages ready behind them. */
export const RECHECK_IN_FLIGHT_PER_HOST = 4;
/** Checks one process runs at once (all users); a user's maxBrowserThreads bounds that user's fetches further. */
export const RECHECK_RUNNING = 40;
/** A finished re-check claims the next due links this much later, with the others finished meanwhile. */
export const RECHECK_REFILL_DELAY_MS = 200;
/** A check still going after this long is stopped (its fetch aborted): a page answers within the fetch's own 120 s limit. */
const RECHECK_RUN_MAX_MS = 180_000;

export class RecheckFlow {
  /** Claimed links waiting for a place among the running checks, in claim order. */
  readonly #waiting: DueRecheck[] = [];
  readonly #perHost = new Map<string, number>();
  readonly #runs = new Set<Promise<void>>();
  readonly #stopped = new AbortController();
  #inFlight = 0;
  #filling: Promise<number> | null = null;
  #refill: ReturnType<typeof setTimeout> | null = null;
  /** The last tick's clock minus the real one: refills between ticks and the checks read the tick's clock. */
  #clockOffset = 0;
  /** The last claim found no link due: finished checks do not claim again before the next tick. */
  #dry = false;
  /** Due links read by one claim and left for the next (recheck-due-links.ts). */
  readonly #candidates = new DueLinkCandidates();

  constructor(private readonly ctx: AppContext) {}

  /**
   * The process is stopping: no more claims or checks; the running ones are stopped (their fetches
   * aborted) and waited for. Claimed links not checked come due again when their lease ends.
   */
  async stop(): Promise<void> {
    this.#dry = true;
    if (this.#refill) clearTimeout(this.#refill);
    this.#refill = null;
    this.#stopped.abort();
    for (const link of this.#waiting.splice(0)) this.#forget(link);
    await Promise.allSettled([...this.#runs]);
  }

  /** Links claimed and not finished (running or waiting their turn). */
  get inFlight(): number {
    return this.#inFlight;
  }

  /** Of them, how many of each host. */
  inFlightByHost(): ReadonlyMap<string, number> {
    return new Map(this.#perHost);
  }

  /** The tick's fill: claims due links up to the flow's caps (see the file's header). Returns how many were claimed. */
  async tick(now: number): Promise<number> {
    if (this.#stopped.signal.aborted) return 0;
    this.#clockOffset = now - Date.now();
    this.#dry = false;
    if (this.#filling) await this.#filling.catch(() => 0);
    return this.#fill();
  }

  #now(): number {
    return Date.now() + this.#clockOffset;
  }

  #fill(): Promise<number> {
    const filling = (async () => {
      let claimed = 0;
      while (!this.#stopped.signal.aborted) {
        const room = RECHECK_IN_FLIGHT - this.#inFlight;
        if (room <= 0) break;
        const batch = Math.min(room, RECHECK_BATCH);
        const { claimed: links, noneDue } = await claimDueRechecks(this.ctx.database.db, this.#now(), batch,
          (host) => RECHECK_IN_FLIGHT_PER_HOST - (this.#perHost.get(host) ?? 0), this.#candidates);
        this.#take(links);
        claimed += links.length;
        if (noneDue) this.#dry = true;
        if (links.length < batch) break;
      }
      return claimed;
    })();
    this.#filling = filling;
    return filling.finally(() => {
      if (this.#filling === filling) this.#filling = null;
    });
  }

  #take(links: readonly DueRecheck[]): void {
    for (const link of links) {
      this.#inFlight += 1;
      this.#perHost.set(link.host, (this.#perHost.get(link.host) ?? 0) + 1);
      this.#waiting.push(link);
    }
    this.#startWaiting();
  }

  #startWaiting(): void {
    while (this.#runs.size < RECHECK_RUNNING && this.#waiting.length > 0 && !this.#stopped.signal.aborted) {
      const link = this.#waiting.shift()!;
      const run = this.#check(link).finally(() => {
        this.#runs.delete(run);
        this.#forget(link);
        this.#startWaiting();
        this.#claimAgainSoon();
      });
      this.#runs.add(run);
    }
  }

  async #check(link: DueRecheck): Promise<void> {
    const signal = AbortSignal.any([this.#stopped.signal, AbortSignal.timeout(RECHECK_RUN_MAX_MS)]);
    try {
      await verifyPost(this.ctx, { payload: { ownerId: link.ownerId, postId: link.postId }, signal }, () => this.#now());
    } catch (error) {
      if (!this.#stopped.signal.aborted) console.error(`The re-check of link ${link.linkId} failed:`, error);
    }
  }

  /** A check ended: the places freed meanwhile are claimed RECHECK_REFILL_DELAY_MS later, in one claim. */
  #claimAgainSoon(): void {
    if (this.#dry || this.#refill || this.#stopped.signal.aborted) return;
    this.#refill = setTimeout(() => {
      this.#refill = null;
      if (this.#dry || this.#filling) return;
      void this.#fill().catch((error: unknown) => console.error('Claiming the next link re-checks failed:', error));
    }, RECHECK_REFILL_DELAY_MS);
    this.#refill.unref?.();
  }

  #forget(link: DueRecheck): void {
    this.#inFlight -= 1;
    const left = (this.#perHost.get(link.host) ?? 1) - 1;
    if (left > 0) this.#perHost.set(link.host, left);
    else this.#perHost.delete(link.host);
  }
}

const FLOWS = new WeakMap<AppContext, RecheckFlow>();

/** The process's re-check flow of this app. */
export function recheckFlowOf(ctx: AppContext): RecheckFlow {
  let flow = FLOWS.get(ctx);
  if (!flow) FLOWS.set(ctx, (flow = new RecheckFlow(ctx)));
  return flow;
}
