import v8 from 'node:v8';
import vm from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkProxy } from '../../src/engine/proxies/check-proxy';
import { startHungServer, startJudge, type Peer } from '../support/proxy-peers';

// A garbage collection on demand: the check's deadline must hold through one.
v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

describe('a proxy check under a stop signal (as the proxy.check job runs it)', () => {
  let hung: Peer;
  let judge: Peer & { url: string };

  beforeAll(async () => {
    hung = await startHungServer();
    judge = await startJudge();
  });
  afterAll(async () => {
    await Promise.all([hung.close(), judge.close()]);
  });

  it('ends a hung proxy at its timeout even when a garbage collection runs while it waits', async () => {
    const stop = new AbortController();
    const checks = Array.from({ length: 5 }, () => checkProxy({ host: '127.0.0.1', port: hung.port, username: '', password: '' }, judge.url, 400, stop.signal));
    await new Promise((resolve) => setTimeout(resolve, 50));
    gc();
    const outcome = await Promise.race([
      Promise.all(checks),
      new Promise<'still waiting'>((resolve) => setTimeout(() => resolve('still waiting'), 3000)),
    ]);
    expect(outcome).toEqual(Array.from({ length: 5 }, () => ({ alive: false, reason: 'no answer within 0.4 s' })));
    stop.abort();
  });
});
