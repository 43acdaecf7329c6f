import { describe, expect, it } from 'vitest';
import { describeError, executeRun, type Registration, type Run } from '../../src/engine/queue/job-run';
import { assertJobName, JobAbortedError, type JobHandler } from '../../src/engine/queue/queue';
import { createLineLogger } from '../../src/engine/queue/queue-logger';

function runOf(handler: JobHandler<unknown>, timeoutMs = 5000): Run {
  const registration: Registration = { name: 'site.post', handler, concurrency: 1, timeoutMs, running: 0 };
  return {
    job: { id: '7', name: 'site.post', payload: { post: 1 }, attempt: 2 },
    registration,
    controller: new AbortController(),
    finishing: false,
    detached: false,
    done: Promise.resolve(),
  };
}

describe('one run of a job', () => {
  it('gives the handler the job and reports success', async () => {
    let seen: unknown;
    const run = runOf(async (job) => {
      seen = { id: job.id, name: job.name, payload: job.payload, attempt: job.attempt };
    });
    expect(await executeRun(run)).toEqual({ ok: true });
    expect(seen).toEqual({ id: '7', name: 'site.post', payload: { post: 1 }, attempt: 2 });
  });

  it('reports the message of a thrown error, also of a handler that throws before its first await', async () => {
    expect(await executeRun(runOf(async () => Promise.reject(new Error('Wrong password'))))).toEqual({ ok: false, error: 'Wrong password', retry: true });
    const throwsAtOnce: JobHandler<unknown> = () => {
      throw new Error('Bad payload');
    };
    expect(await executeRun(runOf(throwsAtOnce))).toEqual({ ok: false, error: 'Bad payload', retry: true });
  });

  it('gives up on a handler that ignores its signal once the timeout aborts it', async () => {
    const run = runOf(() => new Promise<void>(() => undefined), 50);
    const started = Date.now();
    expect(await executeRun(run)).toEqual({ ok: false, error: 'Job site.post took longer than 0.05 s and was stopped', retry: true });
    expect(Date.now() - started).toBeLessThan(1000);
    expect((run.controller.signal.reason as JobAbortedError).reason).toBe('timeout');
  });

  it('drops the outcome of a detached run (cancelled, taken over or released)', async () => {
    const run = runOf(() => new Promise<void>(() => undefined));
    setTimeout(() => {
      run.detached = true;
      run.controller.abort(new JobAbortedError('cancelled', 'Job site.post was cancelled'));
    }, 20);
    expect(await executeRun(run)).toEqual({ ok: 'detached' });
  });

  it('describes what was thrown', () => {
    expect(describeError(new TypeError('fetch failed'))).toBe('fetch failed');
    expect(describeError('plain text')).toBe('plain text');
    expect(describeError({ code: 42 })).toBe('{"code":42}');
    expect(describeError(undefined)).toBe('undefined');
  });
});

describe('job names and the worker log', () => {
  it('accepts short dotted names only', () => {
    for (const name of ['project.run', 'site-post', 'system.ping', 'link_verify.v2']) expect(() => assertJobName(name)).not.toThrow();
    for (const name of ['', 'Project.run', 'a..b', '.a', 'a b', 'x'.repeat(101)]) expect(() => assertJobName(name)).toThrow(/^Invalid job name/);
  });

  it('writes pino-like JSON lines from the configured level up', () => {
    const lines: string[] = [];
    const logger = createLineLogger('warn', (line) => lines.push(line));
    logger.info('not shown');
    logger.warn({ job: 'site.post' }, 'job run failed');
    logger.error({ err: new Error('boom') }, 'claiming failed');
    const parsed = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(parsed.map(({ level, msg }) => ({ level, msg }))).toEqual([
      { level: 40, msg: 'job run failed' },
      { level: 50, msg: 'claiming failed' },
    ]);
    expect(parsed[0]!.job).toBe('site.post');
    expect((parsed[1]!.err as { message: string }).message).toBe('boom');
  });
});
