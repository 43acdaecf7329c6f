/**
 * The per-host cap of re-checks (issue 36, engine/verify/host-slots.ts): at most the limit of one
 * host's pages at once, the others waiting in arrival order; a wait has a bound (the job is sent
 * again later instead) and an abort; check-nows and the scheduler's pass send links in per-host turns.
 * Pure in-process logic: no database.
 */
import { describe, expect, it } from 'vitest';
import { HOST_BUSY, HostSlots, VERIFY_FETCHES_PER_HOST, interleaveByHost, pageHost } from '../../src/engine/verify/host-slots';

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('host slots', () => {
  it('lets VERIFY_FETCHES_PER_HOST fetches of one host run at once, others of it wait in order, other hosts do not', async () => {
    expect(VERIFY_FETCHES_PER_HOST).toBe(2);
    const slots = new HostSlots();
    const signal = new AbortController().signal;
    expect(await slots.acquire('a.test', signal)).toBe(true);
    expect(await slots.acquire('a.test', signal)).toBe(true);
    const order: string[] = [];
    const third = slots.acquire('a.test', signal).then(() => order.push('third'));
    const fourth = slots.acquire('a.test', signal).then(() => order.push('fourth'));
    expect(await slots.acquire('b.test', signal)).toBe(true);
    await tick();
    expect(order).toEqual([]);
    expect(slots.busy('a.test')).toBe(2);
    slots.release('a.test');
    await third;
    expect(order).toEqual(['third']);
    slots.release('a.test');
    await fourth;
    expect(order).toEqual(['third', 'fourth']);
    expect(slots.busy('a.test')).toBe(2);
    slots.release('a.test');
    slots.release('a.test');
    expect(slots.busy('a.test')).toBe(0);
  });

  it('gives up waiting after the bound (holding nothing), and an aborted wait leaves the line', async () => {
    const slots = new HostSlots(1);
    const signal = new AbortController().signal;
    expect(await slots.holding('a.test', signal, async () => 'first')).toBe('first');
    await slots.acquire('a.test', signal);
    expect(await slots.holding('a.test', signal, async () => 'never', 20)).toBe(HOST_BUSY);
    const aborting = new AbortController();
    const aborted = slots.acquire('a.test', aborting.signal);
    aborting.abort(new Error('stopped'));
    await expect(aborted).rejects.toThrow('stopped');
    // Neither left a place taken: the next release frees the host.
    slots.release('a.test');
    expect(slots.busy('a.test')).toBe(0);
    expect(await slots.holding('a.test', signal, async () => 'now', 20)).toBe('now');
  });

  it('orders links in per-host turns, each host keeping its own order', () => {
    const links = ['a/1', 'a/2', 'a/3', 'b/1', 'b/2', 'c/1'].map((path) => ({ url: `https://${path.split('/')[0]}.test/${path.split('/')[1]}/` }));
    expect(interleaveByHost(links).map((link) => new URL(link.url).host + new URL(link.url).pathname))
      .toEqual(['a.test/1/', 'b.test/1/', 'c.test/1/', 'a.test/2/', 'b.test/2/', 'a.test/3/']);
    expect(pageHost('HTTP://Blog.Example.TEST:8080/post/')).toBe('blog.example.test:8080');
    expect(pageHost('not a url')).toBe('not a url');
  });
});
