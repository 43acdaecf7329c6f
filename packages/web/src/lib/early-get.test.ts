import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { get, post } from './http';
import { EARLY_GET_FRESH_MS, startEarlyGet, takeEarlyGet } from './early-get';

/** A fetch that answers each call with the call's number, and records what it was asked. */
function countingFetch() {
  const calls: { url: string; init: RequestInit | undefined }[] = [];
  const fetch = async (url: string, init?: RequestInit) => {
    calls.push({ url, init });
    return new Response(JSON.stringify({ call: calls.length }), { status: 200, headers: { 'content-type': 'application/json' } });
  };
  return { calls, fetch };
}

describe('GETs sent at boot', () => {
  beforeEach(() => vi.stubGlobal('document', { cookie: 'XSRF-TOKEN=t' }));
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('the first GET of the same URL takes the early answer instead of asking again; the next one asks', async () => {
    const { calls, fetch } = countingFetch();
    vi.stubGlobal('fetch', fetch);
    startEarlyGet('/rest/early-a');
    startEarlyGet('/rest/early-a'); // sent once however often boot asks
    expect(calls).toHaveLength(1);
    expect(calls[0]!.init).toMatchObject({ method: 'GET', credentials: 'same-origin', headers: { Accept: 'application/json' } });
    expect(await get('/rest/early-a')).toEqual({ call: 1 });
    expect(calls).toHaveLength(1);
    expect(await get('/rest/early-a')).toEqual({ call: 2 });
    expect(calls).toHaveLength(2);
  });

  it('another URL, a POST to the same URL and a stale early answer never use it', async () => {
    const { calls, fetch } = countingFetch();
    vi.stubGlobal('fetch', fetch);
    startEarlyGet('/rest/early-b');
    expect(await get('/rest/early-c')).toEqual({ call: 2 });
    expect(await post('/rest/early-b', { body: {} })).toEqual({ call: 3 });
    expect(calls[2]!.init?.method).toBe('POST');

    vi.useFakeTimers({ now: 1_000_000, toFake: ['Date'] });
    startEarlyGet('/rest/early-d');
    vi.setSystemTime(1_000_000 + EARLY_GET_FRESH_MS + 1);
    expect(await get('/rest/early-d')).toEqual({ call: 5 });
    expect(calls.map((call) => call.url)).toEqual(['/rest/early-b', '/rest/early-c', '/rest/early-b', '/rest/early-d', '/rest/early-d']);
    // Each early answer is handed out once at most.
    expect(takeEarlyGet('/rest/early-d')).toBeUndefined();
  });
});
