import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../src/app-context';
import { registerJobs } from '../../src/engine/jobs/engine';
import { isJobName, JOB, JOB_NAMES, JOB_PAYLOADS, PING_JOB, type JobPayloadInput } from '../../src/engine/jobs/job-names';
import { jobRegistrations } from '../../src/engine/jobs/registry';
import { createQueue } from '../../src/engine/queue/create-queue';
import { JobPayloadError, parsingHandler, type JobSchemas } from '../../src/engine/queue/job-payloads';
import { executeRun, type Run } from '../../src/engine/queue/job-run';
import type { JobHandler } from '../../src/engine/queue/queue';
import { loadConfig } from '../../src/platform/config';
import { realClock } from '../../src/platform/clock';
import { openDatabase } from '../../src/platform/db/dialect';

// A queue on a fresh SQLite file without tables: a payload the schema refuses throws before the
// queue touches its store, anything that got past the schema would fail on the missing table.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'linkloom-job-boundary-'));
const database = openDatabase({ databaseUrl: undefined, dataDir: dir });
const ctx: AppContext = { config: loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent' }), database, live: undefined, queue: createQueue(database, JOB_PAYLOADS), version: 'test', clock: realClock };

afterAll(async () => {
  await database.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

function runOf(name: string, handler: JobHandler<unknown>, payload: unknown): Run {
  return {
    job: { id: '1', name, payload, attempt: 1 },
    registration: { name, handler, concurrency: 1, timeoutMs: 5000, running: 0 },
    controller: new AbortController(),
    finishing: false,
    detached: false,
    done: Promise.resolve(),
  };
}

describe('the job map', () => {
  it('has one payload schema per registered handler, and a handler for every job name', () => {
    const registered = jobRegistrations(ctx).map((job) => job.name);
    expect(new Set(registered).size).toBe(registered.length);
    expect([...registered].sort()).toEqual(Object.keys(JOB_PAYLOADS).sort());
    expect(JOB_NAMES).toEqual(Object.keys(JOB_PAYLOADS));
    expect([PING_JOB, ...Object.values(JOB)].sort()).toEqual([...JOB_NAMES].sort());
    expect(() => registerJobs(ctx)).not.toThrow();
  });

  it('knows its names and no others; a queue refuses a name without a schema', async () => {
    expect(JOB_NAMES.every(isJobName)).toBe(true);
    expect(isJobName('site.post')).toBe(false);
    expect(isJobName('toString')).toBe(false);
    const wide: JobSchemas = JOB_PAYLOADS;
    const queue = createQueue(database, wide);
    expect(() => queue.register('site.post', async () => undefined)).toThrow('Job site.post has no payload schema: add it to JOB_PAYLOADS (engine/jobs/job-names.ts)');
    await expect(queue.send('site.post', {})).rejects.toThrow('Job site.post has no payload schema');
  });
});

describe('sending a job', () => {
  // A payload read from an untyped source (JSON) that claims the right shape.
  const claimsShape: JobPayloadInput<'post.publish'> = JSON.parse('{"ownerId":"7","postId":3}');

  const refused: { name: string; send: () => Promise<string>; reason: string }[] = [
    { name: 'project.run', send: () => ctx.queue.send('project.run', { ownerId: 1, projectId: 2, runId: 0 }), reason: 'runId: Too small: expected number to be >0' },
    { name: 'post.publish', send: () => ctx.queue.send('post.publish', { ownerId: 1, postId: 1.5 }), reason: 'postId: Invalid input: expected int, received number' },
    { name: 'post.publish', send: () => ctx.queue.send('post.publish', claimsShape), reason: 'ownerId: Invalid input: expected number, received string' },
    { name: 'post.verify', send: () => ctx.queue.send('post.verify', { ownerId: 1, postId: 2, retry: -1 }), reason: 'retry: Too small: expected number to be >=0' },
    { name: 'schedule.start', send: () => ctx.queue.send('schedule.start', { ownerId: 1, projectId: 2, at: -5 }), reason: 'at: Too small: expected number to be >=0' },
    { name: 'indexing.submit', send: () => ctx.queue.send('indexing.submit', { ownerId: 1, runId: 2, service: '' }), reason: 'service: Too small: expected string to have >=1 characters' },
  ];

  it.each(refused)('refuses a $name payload its schema refuses, before anything is stored ($reason)', async ({ name, send, reason }) => {
    const sent = send();
    await expect(sent).rejects.toBeInstanceOf(JobPayloadError);
    await expect(sent).rejects.toThrow(`Job ${name} was not sent: its payload does not match the job's schema (${reason})`);
  });

  it('gets past the schema with a good payload (and then meets the store, which has no tables here)', async () => {
    await expect(ctx.queue.send('post.publish', { ownerId: 1, postId: 2 })).rejects.toThrow(/no such table: jobs/);
  });
});

describe('running a stored job', () => {
  it('fails a run whose stored payload its schema refuses, for good, without calling the handler', async () => {
    const seen: unknown[] = [];
    const handler = parsingHandler('post.publish', JOB_PAYLOADS['post.publish'], async (job) => {
      seen.push(job.payload);
    });
    expect(await executeRun(runOf('post.publish', handler, { ownerId: 7, postId: 'seven' }))).toEqual({
      ok: false,
      retry: false,
      error: "Job post.publish was not run: its stored payload does not match the job's schema (postId: Invalid input: expected number, received string)",
    });
    expect(await executeRun(runOf('post.publish', handler, null))).toMatchObject({ ok: false, retry: false });
    expect(seen).toEqual([]);
  });

  it('hands the handler the parsed payload (keys its schema does not know are dropped)', async () => {
    const seen: unknown[] = [];
    const handler = parsingHandler('indexing.submit', JOB_PAYLOADS['indexing.submit'], async (job) => {
      seen.push(job.payload);
    });
    expect(await executeRun(runOf('indexing.submit', handler, { ownerId: 7, runId: 3, service: 'IndexNow', legacy: true }))).toEqual({ ok: true });
    expect(seen).toEqual([{ ownerId: 7, runId: 3, service: 'IndexNow' }]);
  });

  it('retries a handler that fails for another reason', async () => {
    const handler = parsingHandler('post.publish', JOB_PAYLOADS['post.publish'], async () => {
      throw new Error('The site answered 503');
    });
    expect(await executeRun(runOf('post.publish', handler, { ownerId: 7, postId: 3 }))).toEqual({ ok: false, retry: true, error: 'The site answered 503' });
  });
});
