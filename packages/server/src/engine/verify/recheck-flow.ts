/**
 * The flow of scheduled re-checks (issue 40.1): due links go to post.verify continuously, not a
 * fixed batch per scheduler tick. Each process keeps up to RECHECK_IN_FLIGHT re-check jobs sent and
 * unfinished, at most RECHECK_IN_FLIGHT_PER_HOST of one host (the host's fetch slots busy and the
 * next of its pages waiting behind them; host-slots.ts); as its own post.verify runs end, it claims
 * the next due links for the freed places (sendDueRechecks: oldest due first, spread over the
 * hosts; one claim per RECHECK_REFILL_DELAY_MS) instead of waiting for the next tick. What limits the pace is then
 * what should: the verify job's concurrency (the global cap), each user's maxBrowserThreads and the
 * per-host slots — not the tick.
 *
 * The scheduler's tick fills the flow too. A process whose sent jobs are run by another worker
 * (pg-boss) never sees them finish: when none of its jobs has finished for two ticks while some are
 * in flight, the tick hands out one claim (RECHECK_BATCH) regardless, as before the flow; and a
 * job not seen finished after RECHECK_FORGET_MS no longer counts. A refill that finds nothing due
 * waits for the next tick. A refill between ticks reads the last tick's clock (tests pass their own).
 */
import type { AppContext } from '../../app-context';
import { RECHECK_BATCH, sendDueRechecks } from './recheck-due-links';

/** Re-check jobs one process keeps sent and unfinished. */
export const RECHECK_IN_FLIGHT = 400;
/** …of them, at most this many of one host: its two fetch slots busy, two pages ready behind them. */
export const RECHECK_IN_FLIGHT_PER_HOST = 4;
/** A finished re-check claims the next due links this much later, with the others finished meanwhile. */
export const RECHECK_REFILL_DELAY_MS = 200;
/** A sent job this process has not seen finish after this long no longer counts (another process ran it, or it was lost). */
export const RECHECK_FORGET_MS = 5 * 60_000;
/** No job of this process finished for this long (two scheduler ticks) while some are in flight: another process runs them. */
const STALLED_MS = 10_000;

interface InFlight {
  host: string;
  sentAt: number;
}

export class RecheckFlow {
  readonly #inFlight = new Map<string, InFlight>();
  readonly #perHost = new Map<string, number>();
  #filling: Promise<number> | null = null;
  #refill: ReturnType<typeof setTimeout> | null = null;
  /** The last tick's clock minus the real one: refills between ticks read the tick's clock. */
  #clockOffset = 0;
  /** The last claim found no link due: finished jobs do not claim again before the next tick. */
  #dry = false;
  #lastFinishedAt = Date.now();

  constructor(private readonly ctx: AppContext) {}

  /** The process is stopping: no more refills (the next start's tick fills the flow again). */
  stop(): void {
    this.#dry = true;
    if (this.#refill) clearTimeout(this.#refill);
    this.#refill = null;
  }

  /** Jobs sent and not seen finished. */
  get inFlight(): number {
    return this.#inFlight.size;
  }

  /** Their ids, oldest first. */
  jobsInFlight(): string[] {
    return [...this.#inFlight.keys()];
  }

  /** The tick's fill: claims due links up to the flow's caps (see the file's header). Returns how many jobs were sent. */
  async tick(now: number): Promise<number> {
    this.#clockOffset = now - Date.now();
    this.#dry = false;
    this.#forgetStale();
    if (this.#filling) await this.#filling.catch(() => 0);
    const stalled = this.#inFlight.size > 0 && Date.now() - this.#lastFinishedAt > STALLED_MS;
    let sent = await this.#fill();
    if (stalled && sent < RECHECK_BATCH) {
      const { sent: more } = await sendDueRechecks(this.ctx, now, RECHECK_BATCH - sent);
      this.#track(more);
      sent += more.length;
    }
    return sent;
  }

  /**
   * A post.verify run of this process ended (any way): counts it out, and refills the flow
   * RECHECK_REFILL_DELAY_MS later (one claim for the slots freed meanwhile, not one per job).
   */
  finished(jobId: string): void {
    const job = this.#inFlight.get(jobId);
    if (!job) return;
    this.#forget(jobId, job);
    this.#lastFinishedAt = Date.now();
    if (this.#dry || this.#refill) return;
    this.#refill = setTimeout(() => {
      this.#refill = null;
      if (this.#dry || this.#filling) return;
      void this.#fill().catch((error: unknown) => console.error('Refilling the link re-checks failed:', error));
    }, RECHECK_REFILL_DELAY_MS);
    this.#refill.unref?.();
  }

  #fill(): Promise<number> {
    const filling = (async () => {
      let sent = 0;
      for (;;) {
        const room = RECHECK_IN_FLIGHT - this.#inFlight.size;
        if (room <= 0) break;
        const claim = Math.min(room, RECHECK_BATCH);
        const { sent: jobs, noneDue } = await sendDueRechecks(this.ctx, Date.now() + this.#clockOffset, claim,
          (host) => RECHECK_IN_FLIGHT_PER_HOST - (this.#perHost.get(host) ?? 0));
        this.#track(jobs);
        sent += jobs.length;
        if (noneDue) this.#dry = true;
        if (jobs.length < claim) break;
      }
      return sent;
    })();
    this.#filling = filling;
    return filling.finally(() => {
      if (this.#filling === filling) this.#filling = null;
    });
  }

  #track(jobs: readonly { jobId: string; host: string }[]): void {
    const sentAt = Date.now();
    for (const { jobId, host } of jobs) {
      if (this.#inFlight.has(jobId)) continue;
      this.#inFlight.set(jobId, { host, sentAt });
      this.#perHost.set(host, (this.#perHost.get(host) ?? 0) + 1);
    }
  }

  #forget(jobId: string, job: InFlight): void {
    this.#inFlight.delete(jobId);
    const left = (this.#perHost.get(job.host) ?? 1) - 1;
    if (left > 0) this.#perHost.set(job.host, left);
    else this.#perHost.delete(job.host);
  }

  #forgetStale(): void {
    const before = Date.now() - RECHECK_FORGET_MS;
    for (const [id, job] of this.#inFlight) if (job.sentAt < before) this.#forget(id, job);
  }
}

const FLOWS = new WeakMap<AppContext, RecheckFlow>();

/** The process's re-check flow of this app. */
export function recheckFlowOf(ctx: AppContext): RecheckFlow {
  let flow = FLOWS.get(ctx);
  if (!flow) FLOWS.set(ctx, (flow = new RecheckFlow(ctx)));
  return flow;
}
