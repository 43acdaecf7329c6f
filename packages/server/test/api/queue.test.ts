import { spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import pg from 'pg';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createQueue, pgBossSchemaFor, type CreateQueueOptions } from '../../src/engine/queue/create-queue';
import { JOB_NAMES, JOB_PAYLOADS, PING_JOB } from '../../src/engine/jobs/job-names';
import type { JobSchemas } from '../../src/engine/queue/job-payloads';
import { JobAbortedError, type JobContext, type Queue, type QueueDriverName } from '../../src/engine/queue/queue';
import type { Database } from '../../src/platform/db/dialect';
import { createLineLogger } from '../../src/engine/queue/queue-logger';
import { DATABASES, type DatabaseKind } from '../support/databases';
import { useTestDatabase } from '../support/lifecycle';
import { POSTGRES_TEST_URL } from '../support/postgres-url';
import { REPO_ROOT } from '../support/server-process';

interface Setup {
  kind: DatabaseKind;
  skip: boolean;
  driver: QueueDriverName;
}

/** Every driver on every database it runs on: the durable driver also runs on PostgreSQL. */
const SETUPS: Setup[] = DATABASES.flatMap(({ kind, skip }): Setup[] =>
  kind === 'sqlite'
    ? [{ kind, skip, driver: 'database' }]
    : [
        { kind, skip, driver: 'database' },
        { kind, skip, driver: 'pg-boss' },
      ],
);

/** The queue tests' jobs take any object: what they test is the queue, not a job's payload. */
const AnyPayload = z.object({}).loose();

/** A schema map of these names, each taking any object. */
const anyPayloads = (...names: string[]): JobSchemas => Object.fromEntries(names.map((name) => [name, AnyPayload]));

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(what: string, condition: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await sleep(20);
  }
}

describe.each(SETUPS)('job queue: $driver driver on $kind', ({ kind, skip, driver }) => {
  const ctx = useTestDatabase(kind, skip);
  const open: { queues: Pick<Queue, 'stop'>[]; databases: Database[] } = { queues: [], databases: [] };
  let counter = 0;
  /** Tests share one database: each uses job names of its own. */
  const jobName = (base: string) => `${base}-${(counter += 1)}`;

  /** A queue of these jobs on a connection of its own, as another process would have. */
  function newQueue<M extends JobSchemas>(jobs: M, options: CreateQueueOptions = {}): { queue: Queue<M>; database: Database } {
    const database = ctx.handle.open();
    const queue = createQueue(database, jobs, { driver, pollIntervalMs: 50, maintenanceIntervalSeconds: 1, ...(process.env.QUEUE_TEST_LOG ? { logger: createLineLogger('info') } : {}), ...options });
    open.databases.push(database);
    open.queues.push(queue);
    return { queue, database };
  }

  afterEach(async () => {
    for (const queue of open.queues.splice(0)) await queue.stop({ graceful: false });
    for (const database of open.databases.splice(0)) await database.close().catch(() => undefined);
  });

  afterAll(async () => {
    if (skip || driver !== 'pg-boss') return;
    const client = new pg.Client({ connectionString: POSTGRES_TEST_URL });
    await client.connect();
    await client.query(`DROP SCHEMA IF EXISTS ${ctx.handle.env.DATABASE_SCHEMA}_pgboss CASCADE`);
    await client.end();
  });

  it.skipIf(skip)('picks the driver of the database by default', () => {
    const database = ctx.handle.open();
    open.databases.push(database);
    expect(createQueue(database, JOB_PAYLOADS).driver).toBe(kind === 'sqlite' ? 'database' : 'pg-boss');
    if (kind === 'sqlite') expect(() => createQueue(database, JOB_PAYLOADS, { driver: 'pg-boss' })).toThrow('The pg-boss job queue needs PostgreSQL (DATABASE_URL=postgres://…)');
  });

  it.skipIf(skip)('hands a sent job to its handler with id, name, payload, attempt and signal; then it is completed', async () => {
    const name = jobName('send');
    const { queue } = newQueue({ [name]: z.object({ site: z.string(), posts: z.array(z.number()) }) });
    const seen: JobContext<{ site: string; posts: number[] }>[] = [];
    queue.register(name, async (job) => {
      seen.push(job);
    });
    await queue.start();
    const id = await queue.send(name, { site: 'blog.example', posts: [1, 2] });
    await waitFor('the handler', () => seen.length === 1);
    expect(seen[0]).toMatchObject({ id, name, payload: { site: 'blog.example', posts: [1, 2] }, attempt: 1 });
    expect(seen[0]!.signal.aborted).toBe(false);
    await waitFor('completion', async () => (await queue.getJob(id))?.state === 'completed');
    expect(await queue.getJob(id)).toEqual({ id, name, state: 'completed', payload: { site: 'blog.example', posts: [1, 2] }, attempts: 1, lastError: null });
    expect(await queue.getJob(driver === 'pg-boss' ? '00000000-0000-4000-8000-000000000000' : '999999')).toBeUndefined();
    expect(await queue.getJob('not an id')).toBeUndefined();
  });

  it.skipIf(skip)('retries a throwing handler after the delay, and completes when a retry succeeds', async () => {
    const name = jobName('retry');
    const { queue } = newQueue(anyPayloads(name));
    const runs: { attempt: number; at: number }[] = [];
    queue.register(name, async ({ attempt }) => {
      runs.push({ attempt, at: Date.now() });
      if (attempt < 3) throw new Error(`Site answered 503 (run ${attempt})`);
    });
    await queue.start();
    const id = await queue.send(name, {}, { retryLimit: 2, retryDelaySeconds: 1 });
    await waitFor('completion', async () => (await queue.getJob(id))?.state === 'completed');
    expect(runs.map((run) => run.attempt)).toEqual([1, 2, 3]);
    expect(runs[1]!.at - runs[0]!.at).toBeGreaterThanOrEqual(900);
    expect(runs[2]!.at - runs[1]!.at).toBeGreaterThanOrEqual(900);
    expect((await queue.getJob(id))?.attempts).toBe(3);
  });

  it.skipIf(skip)('fails a job for good after retryLimit retries, keeping the last error', async () => {
    const name = jobName('fail');
    const { queue } = newQueue(anyPayloads(name));
    let runs = 0;
    queue.register(name, async () => {
      runs += 1;
      throw new Error('Wrong username or password for blog.example');
    });
    await queue.start();
    const id = await queue.send(name, {}, { retryLimit: 1, retryDelaySeconds: 0 });
    await waitFor('failure', async () => (await queue.getJob(id))?.state === 'failed');
    await sleep(300);
    expect(runs).toBe(2);
    expect(await queue.getJob(id)).toMatchObject({ state: 'failed', attempts: 2, lastError: 'Wrong username or password for blog.example' });
  });

  it.skipIf(skip)('stops a run that takes longer than its timeout; that counts as a failed attempt', async () => {
    const name = jobName('timeout');
    const { queue } = newQueue(anyPayloads(name));
    let reason: unknown;
    queue.register(
      name,
      async ({ signal }) => {
        await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve()));
        reason = signal.reason;
      },
      { timeoutSeconds: 0.3 },
    );
    await queue.start();
    const id = await queue.send(name, {}, { retryLimit: 0 });
    await waitFor('failure', async () => (await queue.getJob(id))?.state === 'failed');
    expect(reason).toBeInstanceOf(JobAbortedError);
    expect((reason as JobAbortedError).reason).toBe('timeout');
    expect((await queue.getJob(id))?.lastError).toBe(`Job ${name} took longer than 0.3 s and was stopped`);
  });

  it.skipIf(skip)('does not start a job before its startAfter', async () => {
    const name = jobName('later');
    const { queue } = newQueue(anyPayloads(name));
    let ranAt = 0;
    queue.register(name, async () => {
      ranAt = Date.now();
    });
    await queue.start();
    const startAfter = new Date(Date.now() + 1200);
    await queue.send(name, {}, { startAfter });
    await sleep(800);
    expect(ranAt).toBe(0);
    await waitFor('the delayed run', () => ranAt > 0);
    expect(ranAt).toBeGreaterThanOrEqual(startAfter.getTime() - 50);
    expect(ranAt - startAfter.getTime()).toBeLessThan(1500);
  });

  it.skipIf(skip)('keeps one not-finished job per singleton key: sending again returns the same job', async () => {
    const name = jobName('singleton');
    const { queue } = newQueue(anyPayloads(name));
    let runs = 0;
    queue.register(name, async () => {
      runs += 1;
    });
    const first = await queue.send(name, { slot: 1 }, { singletonKey: 'project-7:2030-12-24T18:30' });
    expect(await queue.send(name, { slot: 1 }, { singletonKey: 'project-7:2030-12-24T18:30' })).toBe(first);
    const other = await queue.send(name, { slot: 2 }, { singletonKey: 'project-7:2030-12-25T18:30' });
    expect(other).not.toBe(first);
    const [a, b] = await Promise.all([queue.send(name, {}, { singletonKey: 'raced' }), queue.send(name, {}, { singletonKey: 'raced' })]);
    expect(a).toBe(b);

    await queue.start();
    await waitFor('three runs', () => runs === 3);
    await waitFor('completion', async () => (await queue.getJob(first))?.state === 'completed');
    // Finished jobs no longer hold their key.
    const again = await queue.send(name, { slot: 1 }, { singletonKey: 'project-7:2030-12-24T18:30' });
    expect(again).not.toBe(first);
    await waitFor('the new run', () => runs === 4);
  });

  it.skipIf(skip)('runs no more jobs of a name at once than its concurrency', async () => {
    const name = jobName('concurrency');
    const { queue } = newQueue(anyPayloads(name));
    let running = 0;
    let most = 0;
    let done = 0;
    queue.register(
      name,
      async () => {
        running += 1;
        most = Math.max(most, running);
        await sleep(100);
        running -= 1;
        done += 1;
      },
      { concurrency: 3 },
    );
    for (let i = 0; i < 10; i += 1) await queue.send(name, { i });
    await queue.start();
    await waitFor('ten runs', () => done === 10);
    expect(most).toBe(3);
  });

  it.skipIf(skip)('cancels a waiting job (it never runs) and a running one (its signal aborts)', async () => {
    const name = jobName('cancel');
    const { queue } = newQueue(anyPayloads(name));
    const started: string[] = [];
    let reason: unknown;
    queue.register(name, async ({ id, signal }) => {
      started.push(id);
      await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve()));
      reason = signal.reason;
    });
    await queue.start();
    const waiting = await queue.send(name, {}, { startAfter: new Date(Date.now() + 60_000) });
    expect(await queue.cancel(waiting)).toBe(true);
    expect((await queue.getJob(waiting))?.state).toBe('cancelled');

    const running = await queue.send(name, {});
    await waitFor('the run', () => started.includes(running));
    expect(await queue.cancel(running)).toBe(true);
    await waitFor('the abort', () => reason !== undefined);
    expect((reason as JobAbortedError).reason).toBe('cancelled');
    await sleep(200);
    expect(await queue.getJob(running)).toMatchObject({ state: 'cancelled' });
    expect(await queue.cancel(running)).toBe(false);
    expect(await queue.cancel('no-such-job')).toBe(false);
    expect(started).toEqual([running]);
  });

  it.skipIf(skip)('refuses to start when a job name has no handler, listing the names', () => {
    const { queue } = newQueue(anyPayloads('project.run', 'site.post', 'link.verify', 'Bad Name'));
    queue.register('project.run', async () => undefined);
    expect(() => queue.assertHandlers(['project.run', 'site.post', 'link.verify', 'site.post'])).toThrow(
      'No handler is registered for these job names: site.post, link.verify. Every job the app sends needs one (engine/jobs/registry.ts).',
    );
    expect(() => queue.assertHandlers(['project.run'])).not.toThrow();
    expect(() => queue.register('project.run', async () => undefined)).toThrow('Job project.run already has a handler');
    expect(() => queue.register('Bad Name', async () => undefined)).toThrow(/^Invalid job name "Bad Name"/);
    expect(() => queue.register('no.schema', async () => undefined)).toThrow('Job no.schema has no payload schema: add it to JOB_PAYLOADS (engine/jobs/job-names.ts)');
  });

  it.skipIf(skip)('parses a payload when it is sent: a refused one throws and is not stored, a good one is stored as parsed', async () => {
    const name = jobName('schema');
    const { queue } = newQueue({ [name]: z.object({ postId: z.number().int().positive() }) });
    const handled: unknown[] = [];
    queue.register(name, async ({ payload }) => {
      handled.push(payload);
    });
    await expect(queue.send(name, { postId: 0 })).rejects.toThrow(`Job ${name} was not sent: its payload does not match the job's schema (postId: Too small: expected number to be >0)`);
    const id = await queue.send(name, { postId: 7, ...{ note: 'dropped' } });
    expect((await queue.getJob(id))?.payload).toEqual({ postId: 7 });
    await queue.start();
    await waitFor('completion', async () => (await queue.getJob(id))?.state === 'completed');
    expect(handled).toEqual([{ postId: 7 }]);
  });

  it.skipIf(skip)('fails a job whose stored payload its schema refuses at once and for good; the others run', async () => {
    const name = jobName('stored');
    // An older version (or a hand-written row) stored what the schema no longer takes.
    const sender = newQueue(anyPayloads(name));
    const bad = await sender.queue.send(name, { postId: 'seven' }, { retryLimit: 3, retryDelaySeconds: 0 });
    const good = await sender.queue.send(name, { postId: 7 });
    await sender.queue.stop();

    const { queue } = newQueue({ [name]: z.object({ postId: z.number().int() }) });
    const handled: number[] = [];
    queue.register(name, async ({ payload }) => {
      handled.push(payload.postId);
    });
    await queue.start();
    await waitFor('both jobs', async () => (await queue.getJob(bad))?.state === 'failed' && (await queue.getJob(good))?.state === 'completed');
    await sleep(300);
    expect(await queue.getJob(bad)).toMatchObject({
      state: 'failed', attempts: 1,
      lastError: `Job ${name} was not run: its stored payload does not match the job's schema (postId: Invalid input: expected number, received string)`,
    });
    expect(handled).toEqual([7]);
  });

  it.skipIf(skip)('keeps jobs across a restart: a queue that only sent is gone, the next one runs them', async () => {
    const name = jobName('durable');
    const sender = newQueue(anyPayloads(name));
    const ids = [await sender.queue.send(name, { n: 1 }), await sender.queue.send(name, { n: 2 })];
    await sender.queue.stop();
    await sender.database.close();

    const { queue } = newQueue(anyPayloads(name));
    const handled: unknown[] = [];
    queue.register(name, async ({ payload }) => {
      handled.push(payload);
    });
    await queue.start();
    await waitFor('both jobs', () => handled.length === 2);
    expect(handled).toEqual([{ n: 1 }, { n: 2 }]);
    for (const id of ids) await waitFor('completion', async () => (await queue.getJob(id))?.state === 'completed');
  });

  it.skipIf(skip)("takes over a crashed worker's run once its lease expires, as the next attempt", async () => {
    const name = jobName('crash');
    const crashed = newQueue(anyPayloads(name), { leaseSeconds: 1 });
    let firstRunStarted = false;
    crashed.queue.register(name, async ({ signal }) => {
      firstRunStarted = true;
      await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve()));
    });
    await crashed.queue.start();
    const id = await crashed.queue.send(name, { post: 'hello' }, { retryLimit: 3, retryDelaySeconds: 0 });
    await waitFor('the first run', () => firstRunStarted);
    // The process dies: its connections are gone, so it can neither renew the lease nor finish.
    if (crashed.database.pgPool) await crashed.database.pgPool.end();
    else await crashed.database.close();

    const { queue } = newQueue(anyPayloads(name), { leaseSeconds: 1 });
    const attempts: number[] = [];
    queue.register(name, async ({ attempt }) => {
      attempts.push(attempt);
    });
    await queue.start();
    await waitFor('the take-over', () => attempts.length === 1, 15_000);
    expect(attempts).toEqual([2]);
    await waitFor('completion', async () => (await queue.getJob(id))?.state === 'completed');
  });

  it.skipIf(skip)('stop() waits for running handlers; stop without waiting puts the run back uncounted', async () => {
    const name = jobName('stop');
    const first = newQueue(anyPayloads(name));
    let finished = false;
    first.queue.register(name, async () => {
      await sleep(300);
      finished = true;
    });
    await first.queue.start();
    const graceful = await first.queue.send(name, {});
    await waitFor('the run', async () => (await first.queue.getJob(graceful))?.state === 'active');
    await first.queue.stop({ graceful: true });
    expect(finished).toBe(true);

    const second = newQueue(anyPayloads(name));
    const reasons: unknown[] = [];
    second.queue.register(name, async ({ signal }) => {
      await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve()));
      reasons.push(signal.reason);
    });
    await second.queue.start();
    const interrupted = await second.queue.send(name, {}, { retryLimit: 0 });
    await waitFor('the run', async () => (await second.queue.getJob(interrupted))?.state === 'active');
    await second.queue.stop({ graceful: false });
    expect((reasons[0] as JobAbortedError).reason).toBe('stopping');
    await expect(second.queue.send(name, {})).rejects.toThrow(`The queue is stopped: job ${name} was not sent`);

    const third = newQueue(anyPayloads(name));
    const attempts: number[] = [];
    third.queue.register(name, async ({ attempt }) => {
      attempts.push(attempt);
    });
    expect(await third.queue.getJob(interrupted)).toMatchObject({ state: 'created', attempts: 0 });
    await third.queue.start();
    await waitFor('the resumed run', () => attempts.length === 1);
    expect(attempts).toEqual([1]);
  });

  it.skipIf(skip)('shares the work between two workers: every job handled exactly once', async () => {
    const name = jobName('shared');
    const handledBy = new Map<number, string[]>();
    const workers = ['a', 'b'].map((label) => {
      const { queue } = newQueue({ [name]: z.object({ n: z.number().int() }) });
      queue.register(
        name,
        async ({ payload }) => {
          handledBy.set(payload.n, [...(handledBy.get(payload.n) ?? []), label]);
          await sleep(5);
        },
        { concurrency: 4 },
      );
      return queue;
    });
    const total = 150;
    for (let n = 0; n < total; n += 1) await workers[0]!.send(name, { n });
    await Promise.all(workers.map((queue) => queue.start()));
    await waitFor('every job', () => handledBy.size === total, 20_000);
    await sleep(300);
    expect([...handledBy.values()].every((labels) => labels.length === 1)).toBe(true);
    const counts = ['a', 'b'].map((label) => [...handledBy.values()].filter((labels) => labels[0] === label).length);
    expect(counts[0]! + counts[1]!).toBe(total);
    expect(Math.min(...counts)).toBeGreaterThan(0);
  });

  // The `worker` command uses the driver of its database: declared only for that pairing.
  const workerDriver = kind === 'sqlite' ? 'database' : 'pg-boss';
  const itForWorker: (name: string, test: () => Promise<void>) => void = driver === workerDriver ? it.skipIf(skip) : () => undefined;
  itForWorker('`worker` runs jobs sent from elsewhere and stops cleanly on SIGTERM', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'packages/server/src/main.ts'), 'worker'], {
      cwd: REPO_ROOT,
      env: { PATH: process.env.PATH, LOG_LEVEL: 'info', ...ctx.handle.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    try {
      await waitFor('the worker to start', () => output.includes('Job worker started'), 30_000);
      expect(output).toContain(`Job worker started (${driver} queue; jobs: ${JOB_NAMES.join(', ')})`);
      const { queue, database } = newQueue(JOB_PAYLOADS);
      if (driver === 'pg-boss') expect(pgBossSchemaFor(database)).toBe(`${ctx.handle.env.DATABASE_SCHEMA}_pgboss`);
      const id = await queue.send(PING_JOB, {});
      await waitFor('the ping', async () => (await queue.getJob(id))?.state === 'completed');
    } finally {
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      const [code] = (await exited) as [number | null];
      expect(code, output).toBe(0);
    }
    expect(output).toContain('SIGTERM received: finishing running jobs, then stopping');
  });
});
