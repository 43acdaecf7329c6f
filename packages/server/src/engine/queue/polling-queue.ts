import type { JobStore } from './job-store';
import { parseSentPayload, parsingHandler, schemaOf, type JobNameOf, type JobSchemas, type PayloadInputOf, type PayloadOf } from './job-payloads';
import { executeRun, type Registration, type Run } from './job-run';
import {
  assertJobName,
  JobAbortedError,
  QUEUE_DEFAULTS,
  type JobHandler,
  type JobInfo,
  type Queue,
  type QueueDriverName,
  type RegisterOptions,
  type SendOptions,
  type StopOptions,
} from './queue';
import type { QueueLogger } from './queue-logger';

export interface PollingQueueOptions {
  pollIntervalMs: number;
  leaseMs: number;
  logger: QueueLogger;
}

/** Lease expiry and housekeeping at most this often. */
const MAINTAIN_EVERY_MS = 1000;

type Phase = 'new' | 'running' | 'stopping' | 'stopped';

/**
 * The queue both drivers share: one loop claims due jobs per name up to that name's concurrency,
 * sleeping `pollIntervalMs` when idle and waking at once on a local send or a finished run; leases
 * are renewed while handlers run; stop() drains or releases. The store decides where jobs live.
 *
 * What a pass claims: every name at least once per `pollIntervalMs` (jobs sent by other processes,
 * delayed jobs and retries that came due); in between, on a wake, only the names that may have due
 * jobs this process knows of — a local send due now, or a name whose last claim filled all its
 * free slots when one of its runs finishes — so a busy engine does not ask the store for every
 * name after each job.
 *
 * The schema map `M` names every job the queue knows: a payload is parsed by its job's schema when
 * sent (and stored as parsed) and when run (job-payloads.ts).
 */
export class PollingQueue<M extends JobSchemas> implements Queue<M> {
  private readonly registrations = new Map<string, Registration>();
  private readonly runs = new Map<string, Run>();
  private phase: Phase = 'new';
  private opened: Promise<void> | undefined;
  private loop: Promise<void> | undefined;
  private stopped: Promise<void> | undefined;
  private renewTimer: NodeJS.Timeout | undefined;
  private renewing = false;
  private wakeUp: (() => void) | undefined;
  private wakePending = false;
  private lastMaintain = 0;
  /** Names the next pass claims even when it is not a full one. */
  private readonly claimNext = new Set<string>();
  /** Names that may have due jobs beyond what they claimed: their last claim filled every free slot, or a local send since. */
  private readonly backlog = new Set<string>();
  private fullPassDue = true;
  private lastFullPass = 0;

  constructor(
    readonly driver: QueueDriverName,
    private readonly schemas: M,
    private readonly store: JobStore,
    private readonly options: PollingQueueOptions,
  ) {}

  register<N extends JobNameOf<M>>(name: N, handler: JobHandler<PayloadOf<M, N>>, options: RegisterOptions = {}): void {
    if (this.phase !== 'new') throw new Error(`Register job handlers before the queue starts (job ${name})`);
    assertJobName(name);
    const schema = schemaOf(this.schemas, name);
    if (this.registrations.has(name)) throw new Error(`Job ${name} already has a handler`);
    const concurrency = options.concurrency ?? QUEUE_DEFAULTS.concurrency;
    const timeoutSeconds = options.timeoutSeconds ?? QUEUE_DEFAULTS.timeoutSeconds;
    if (!Number.isInteger(concurrency) || concurrency < 1) throw new Error(`Job ${name}: concurrency must be a whole number of at least 1`);
    if (!(timeoutSeconds > 0)) throw new Error(`Job ${name}: timeoutSeconds must be more than 0`);
    this.registrations.set(name, { name, handler: parsingHandler(name, schema, handler), concurrency, timeoutMs: timeoutSeconds * 1000, running: 0 });
  }

  assertHandlers(names: readonly string[]): void {
    const missing = [...new Set(names)].filter((name) => !this.registrations.has(name));
    if (missing.length > 0) {
      throw new Error(`No handler is registered for these job names: ${missing.join(', ')}. Every job the app sends needs one (engine/jobs/registry.ts).`);
    }
  }

  async send<N extends JobNameOf<M>>(name: N, payload: PayloadInputOf<M, N>, options: SendOptions = {}): Promise<string> {
    assertJobName(name);
    if (this.phase === 'stopped') throw new Error(`The queue is stopped: job ${name} was not sent`);
    const parsed = parseSentPayload(name, schemaOf(this.schemas, name), payload);
    const retryLimit = options.retryLimit ?? QUEUE_DEFAULTS.retryLimit;
    const retryDelaySeconds = options.retryDelaySeconds ?? QUEUE_DEFAULTS.retryDelaySeconds;
    if (!Number.isInteger(retryLimit) || retryLimit < 0) throw new Error(`Job ${name}: retryLimit must be a whole number of at least 0`);
    if (!Number.isInteger(retryDelaySeconds) || retryDelaySeconds < 0) throw new Error(`Job ${name}: retryDelaySeconds must be a whole number of at least 0`);
    if (options.startAfter && Number.isNaN(options.startAfter.getTime())) throw new Error(`Job ${name}: startAfter is not a valid date`);
    await this.open();
    const id = await this.store.insert({ name, payload: parsed, singletonKey: options.singletonKey, startAfter: options.startAfter, retryLimit, retryDelaySeconds });
    // A job due later is found by a full pass once it is due.
    if (this.registrations.has(name) && !(options.startAfter && options.startAfter.getTime() > Date.now())) {
      this.backlog.add(name);
      this.wake(name);
    }
    return id;
  }

  async cancel(id: string): Promise<boolean> {
    await this.open();
    const cancelled = await this.store.cancel(id);
    const run = this.runs.get(id);
    if (cancelled && run) this.detach(run, new JobAbortedError('cancelled', `Job ${run.job.name} was cancelled`));
    return cancelled;
  }

  async getJob(id: string): Promise<JobInfo | undefined> {
    await this.open();
    return this.store.get(id);
  }

  async start(): Promise<void> {
    if (this.phase !== 'new') throw new Error(`The queue was already started`);
    await this.open();
    await this.store.prepare([...this.registrations.keys()]);
    this.phase = 'running';
    this.renewTimer = setInterval(() => void this.renewLeases(), Math.max(50, Math.floor(this.options.leaseMs / 3)));
    this.loop = this.runLoop();
  }

  stop(options: StopOptions = {}): Promise<void> {
    this.stopped ??= this.shutdown(options);
    return this.stopped;
  }

  private open(): Promise<void> {
    this.opened ??= this.store.open();
    return this.opened;
  }

  private async runLoop(): Promise<void> {
    while (this.phase === 'running') {
      const now = Date.now();
      if (now - this.lastMaintain >= MAINTAIN_EVERY_MS) {
        this.lastMaintain = now;
        await this.guarded('queue maintenance failed', () => this.store.maintain(now));
      }
      for (const registration of this.namesToClaim(now)) {
        const free = registration.concurrency - registration.running;
        if (this.phase !== 'running') break;
        if (free <= 0) {
          // Looked at when one of its runs frees a slot.
          this.backlog.add(registration.name);
          continue;
        }
        const jobs = await this.guarded(`claiming ${registration.name} jobs failed`, () => this.store.claim(registration.name, free, this.options.leaseMs));
        if (jobs === undefined) continue;
        if (jobs.length < free) this.backlog.delete(registration.name);
        else this.backlog.add(registration.name);
        for (const job of jobs) this.launch(registration, job);
      }
      await this.idle();
    }
  }

  /** Every name once per poll interval (and after an idle wait); else the ones a wake named. */
  private namesToClaim(now: number): Registration[] {
    const full = this.fullPassDue || now - this.lastFullPass >= this.options.pollIntervalMs;
    const names = full ? [...this.registrations.keys()] : [...this.claimNext];
    this.claimNext.clear();
    if (full) {
      this.fullPassDue = false;
      this.lastFullPass = now;
    }
    return names.map((name) => this.registrations.get(name)!);
  }

  private launch(registration: Registration, job: Run['job']): void {
    const run: Run = { job, registration, controller: new AbortController(), finishing: false, detached: false, done: Promise.resolve() };
    this.runs.set(job.id, run);
    registration.running += 1;
    run.done = this.finishRun(run)
      .catch((error: unknown) => this.options.logger.error({ err: error }, `job ${job.id} ended unexpectedly`))
      .finally(() => {
        this.runs.delete(job.id);
        registration.running -= 1;
        // A freed slot matters only when more jobs of the name may be due.
        if (this.backlog.has(registration.name)) this.wake(registration.name);
      });
  }

  private async finishRun(run: Run): Promise<void> {
    const outcome = await executeRun(run);
    if (outcome.ok === 'detached' || run.detached) return;
    run.finishing = true;
    if (outcome.ok) {
      await this.guarded(`completing job ${run.job.id} failed`, () => this.store.complete(run.job));
    } else {
      this.options.logger.warn({ job: run.job.name, id: run.job.id, attempt: run.job.attempt, error: outcome.error }, 'job run failed');
      await this.guarded(`recording the failure of job ${run.job.id} failed`, () => this.store.fail(run.job, outcome.error, { retry: outcome.retry }));
    }
  }

  private detach(run: Run, reason: JobAbortedError): void {
    if (run.detached) return;
    run.detached = true;
    run.controller.abort(reason);
  }

  /** Keeps the leases of running handlers; a run the store no longer holds is aborted. */
  private async renewLeases(): Promise<void> {
    if (this.renewing) return;
    const held = [...this.runs.values()].filter((run) => !run.detached && !run.finishing);
    if (held.length === 0) return;
    this.renewing = true;
    try {
      const kept = await this.store.renew(
        held.map((run) => run.job),
        this.options.leaseMs,
      );
      for (const run of held) {
        if (kept.has(run.job.id) || run.finishing || this.runs.get(run.job.id) !== run) continue;
        this.detach(run, new JobAbortedError('lease-lost', `Job ${run.job.name} was cancelled or taken over by another worker`));
      }
    } catch (error) {
      this.options.logger.error({ err: error }, 'renewing job leases failed');
    } finally {
      this.renewing = false;
    }
  }

  private async shutdown({ graceful = true, timeoutMs = QUEUE_DEFAULTS.stopTimeoutMs }: StopOptions): Promise<void> {
    if (this.phase === 'running') {
      this.phase = 'stopping';
      this.wake();
      await this.loop;
      if (graceful) await this.drain(timeoutMs);
      const interrupted = [...this.runs.values()];
      for (const run of interrupted) {
        if (run.detached || run.finishing) continue;
        this.detach(run, new JobAbortedError('stopping', 'The queue is stopping'));
        await this.guarded(`releasing job ${run.job.id} failed`, () => this.store.release(run.job));
      }
      await Promise.allSettled(interrupted.map((run) => run.done));
      clearInterval(this.renewTimer);
    }
    this.phase = 'stopped';
    if (this.opened) {
      await this.opened.catch(() => undefined);
      await this.store.close();
    }
  }

  private async drain(timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (this.runs.size > 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  private idle(): Promise<void> {
    if (this.wakePending || this.phase !== 'running') {
      this.wakePending = false;
      return Promise.resolve();
    }
    return new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wakeUp = undefined;
        resolve();
      };
      const timer = setTimeout(() => {
        this.fullPassDue = true;
        done();
      }, this.options.pollIntervalMs);
      this.wakeUp = done;
    });
  }

  /** Ends the idle wait (or the next one) at once; with a name, the next pass claims that name. */
  private wake(name?: string): void {
    if (name === undefined) this.fullPassDue = true;
    else this.claimNext.add(name);
    if (this.wakeUp) this.wakeUp();
    else this.wakePending = true;
  }

  private async guarded<T>(what: string, action: () => Promise<T>): Promise<T | undefined> {
    try {
      return await action();
    } catch (error) {
      this.options.logger.error({ err: error }, what);
      return undefined;
    }
  }
}
