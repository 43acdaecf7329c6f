import { describe, expect, it } from 'vitest';
import { PostingSlots } from '../../src/engine/runner/posting-slots';
import { siteHost, siteIdOfKey } from '../../src/engine/runner/publish-target';
import { idempotencyKey } from '../../src/engine/runner/runs.repository';
import { siteProgress } from '../../src/engine/runner/site-progress';

describe('site rows from their posts', () => {
  it('is RUNNING while a post is open, then FAILED when one failed, else SUCCESS', () => {
    expect(siteProgress('k', { planned: 2, published: 1 })).toEqual({ key: 'k', status: 'RUNNING', waitInfo: '1 of 3 posts' });
    expect(siteProgress('k', { publishing: 1, failed: 1 })).toEqual({ key: 'k', status: 'RUNNING', waitInfo: '0 of 2 posts, 1 failed' });
    expect(siteProgress('k', { published: 2, failed: 1 })).toEqual({ key: 'k', status: 'FAILED', waitInfo: '2 of 3 posts, 1 failed' });
    expect(siteProgress('k', { published: 3 })).toEqual({ key: 'k', status: 'SUCCESS', waitInfo: '3 of 3 posts' });
    expect(siteProgress('k', { published: 1, cancelled: 2 }, 'submissions')).toEqual({ key: 'k', status: 'SUCCESS', waitInfo: '1 of 3 submissions' });
    expect(siteProgress('k', { cancelled: 2 })).toEqual({ key: 'k', status: 'NONE', waitInfo: '0 of 2 posts (stopped)' });
    expect(siteProgress('k', {})).toEqual({ key: 'k', status: 'NONE', waitInfo: null });
  });
});

describe('posts, sites and accounts', () => {
  it('keys posts by installation, project, run, site and number (internal: the unique key and the seed), different in another installation', () => {
    expect(idempotencyKey('0123456789abcdef', 12, 3, 7, 2)).toBe('i0123456789abcdef-p12-r3-s7-n2');
    expect(idempotencyKey('fedcba9876543210', 1, 1, 1, 1)).not.toBe(idempotencyKey('0123456789abcdef', 1, 1, 1, 1));
  });

  it('reads the site id from both kinds of site key', () => {
    expect(siteIdOfKey('41:owner@example.test')).toBe(41);
    expect(siteIdOfKey('41:a:b@example.test')).toBe(41);
    expect(siteIdOfKey('SocialNetwork:9')).toBe(9);
    expect(siteIdOfKey('Indexer:2')).toBe(2);
    expect(siteIdOfKey('nonsense')).toBeNull();
    expect(siteIdOfKey('0:x')).toBeNull();
  });

  it('matches an account to its site by host, www. and scheme ignored', () => {
    for (const name of ['example.com', 'www.example.com', 'https://Example.com/blog', 'http://www.EXAMPLE.com/']) expect(siteHost(name)).toBe('example.com');
    expect(siteHost('127.0.0.1:8081')).toBe('127.0.0.1:8081');
    expect(siteHost('www.127.0.0.1:8081')).toBe('127.0.0.1:8081');
    expect(siteHost('blog.example.com')).toBe('blog.example.com');
    expect(siteHost('')).toBeNull();
    expect(siteHost('http://')).toBeNull();
  });
});

describe('posting slots (maxPostingThreads)', () => {
  it("lets at most `limit` of one user's posts run, the next in arrival order, other users untouched", async () => {
    const slots = new PostingSlots();
    await slots.acquire(1, 2);
    await slots.acquire(1, 2);
    await slots.acquire(2, 1);
    const order: string[] = [];
    const third = slots.acquire(1, 2).then(() => order.push('third'));
    const fourth = slots.acquire(1, 2).then(() => order.push('fourth'));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(order).toEqual([]);
    expect(slots.busy(1)).toBe(2);
    slots.release(1);
    await third;
    expect(order).toEqual(['third']);
    slots.release(1);
    await fourth;
    expect(order).toEqual(['third', 'fourth']);
    for (let i = 0; i < 2; i += 1) slots.release(1);
    expect(slots.busy(1)).toBe(0);
    expect(slots.busy(2)).toBe(1);
  });

  it('gives up waiting when the job is aborted', async () => {
    const slots = new PostingSlots();
    await slots.acquire(1, 1);
    const controller = new AbortController();
    const waiting = slots.acquire(1, 1, controller.signal);
    controller.abort(new Error('stopping'));
    await expect(waiting).rejects.toThrow('stopping');
    slots.release(1);
    expect(slots.busy(1)).toBe(0);
    await slots.acquire(1, 1);
    expect(slots.busy(1)).toBe(1);
  });
});
