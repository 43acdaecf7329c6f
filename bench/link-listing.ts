/**
 * Unpaged link listing benchmark (part of `npm run bench`, issue 19): GET /rest/url_items/{id}
 * without paging parameters on a 1,000,000-link set, as a script written for the original reads
 * it, signed in with a personal API token. Prints the time to the first and to the last byte, the
 * bytes and links received, and the server's resident memory during the answer: its rise over
 * the resident size just before (the peak of 5 ms samples, and the kernel's own high-water mark
 * reset just before the call). Goal: last byte ≤ 5 s, RSS rise ≤ 50 MB.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServer } from '../packages/server/test/support/server-process';
import { memoryMb, resetPeakMemory } from './support/process-memory';
import { seedLinkSet } from './support/seeded-link-set';

const LINKS = Number(process.env.BENCH_LISTING_LINKS ?? 1_000_000);
const USER = { username: 'listing@example.test', password: 'bench password' };
const GOAL = { seconds: 5, rssRiseMb: 50 };

/** Signs in as a browser would and makes a personal API token; answers its secret. */
async function apiToken(baseUrl: string): Promise<string> {
  const login = await fetch(`${baseUrl}/public/api/login/account`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ...USER, type: 'account' }),
  });
  if (!login.ok) throw new Error(`login failed: ${login.status}`);
  const pairs = login.headers.getSetCookie().map((cookie) => cookie.split(';')[0]!);
  const xsrf = pairs.find((pair) => pair.startsWith('XSRF-TOKEN='))?.slice('XSRF-TOKEN='.length) ?? '';
  const created = await fetch(`${baseUrl}/rest/api_tokens`, {
    method: 'POST', headers: { 'content-type': 'application/json', cookie: pairs.join('; '), 'x-xsrf-token': xsrf }, body: JSON.stringify({ name: 'bench' }),
  });
  if (created.status !== 201) throw new Error(`token refused: ${created.status} ${await created.text()}`);
  return ((await created.json()) as { secret: string }).secret;
}

interface Listing {
  firstByteMs: number;
  lastByteMs: number;
  bytes: number;
  total: number;
}

/** Reads the whole answer as a stream (the client keeps only its tail) and times it. */
async function readAll(url: string, secret: string): Promise<Listing> {
  const start = performance.now();
  const response = await fetch(url, { headers: { authorization: `Bearer ${secret}` } });
  const firstByteMs = performance.now() - start;
  if (!response.ok || !response.body) throw new Error(`GET ${url}: ${response.status} ${await response.text()}`);
  let bytes = 0;
  let tail = '';
  const decoder = new TextDecoder();
  for await (const chunk of response.body) {
    bytes += chunk.byteLength;
    tail = (tail + decoder.decode(chunk, { stream: true })).slice(-200);
  }
  const lastByteMs = performance.now() - start;
  const total = Number(/"total":(\d+)/.exec(tail)?.[1] ?? Number.NaN);
  return { firstByteMs, lastByteMs, bytes, total };
}

/** Runs the unpaged listing benchmark and prints its figures. */
export async function benchLinkListing(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'linkloom-bench-listing-'));
  try {
    const seedStart = performance.now();
    const urlListId = await seedLinkSet(dataDir, USER, LINKS, 'Bench listing');
    process.stdout.write(`\nUnpaged listing: ${LINKS.toLocaleString('en')} links seeded in ${((performance.now() - seedStart) / 1000).toFixed(1)} s\n`);
    const server = await startServer({ DATA_DIR: dataDir });
    try {
      const pid = server.pid;
      if (pid === undefined) throw new Error('no server pid');
      const secret = await apiToken(server.baseUrl);
      const url = `${server.baseUrl}/rest/url_items/${urlListId}`;
      // Warm the route and the token path with one page, so the figures are those of the listing.
      await readAll(`${url}?pageSize=100`, secret);
      const beforeMb = memoryMb(pid, 'VmRSS');
      const peakReset = resetPeakMemory(pid);
      let sampledPeakMb = beforeMb;
      const sampler = setInterval(() => {
        sampledPeakMb = Math.max(sampledPeakMb, memoryMb(pid, 'VmRSS'));
      }, 5);
      const listing = await readAll(url, secret);
      clearInterval(sampler);
      sampledPeakMb = Math.max(sampledPeakMb, memoryMb(pid, 'VmRSS'));
      const kernelPeakMb = peakReset ? memoryMb(pid, 'VmHWM') : Number.NaN;
      const riseMb = Math.max(sampledPeakMb, Number.isNaN(kernelPeakMb) ? 0 : kernelPeakMb) - beforeMb;
      if (listing.total !== LINKS) throw new Error(`the listing said total ${listing.total}, expected ${LINKS}`);
      const seconds = listing.lastByteMs / 1000;
      const verdict = seconds <= GOAL.seconds && riseMb <= GOAL.rssRiseMb ? 'goal met' : 'OVER GOAL';
      process.stdout.write(
        `GET /rest/url_items/{id} unpaged (API token): ${listing.total.toLocaleString('en')} links, ${(listing.bytes / 1024 / 1024).toFixed(0)} MB; ` +
        `first byte ${listing.firstByteMs.toFixed(0)} ms, last byte ${seconds.toFixed(2)} s (${Math.round(listing.total / seconds).toLocaleString('en')} links/s)\n` +
        `  server RSS ${beforeMb.toFixed(0)} MB before; peak during ${sampledPeakMb.toFixed(0)} MB sampled every 5 ms` +
        `${peakReset ? `, ${kernelPeakMb.toFixed(0)} MB VmHWM` : ' (VmHWM could not be reset)'}; rise ${riseMb.toFixed(1)} MB\n` +
        `  goal: last byte ≤ ${GOAL.seconds} s, RSS rise ≤ ${GOAL.rssRiseMb} MB → ${verdict}\n`,
      );
    } finally {
      await server.stop();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

// `node --import tsx bench/link-listing.ts` runs it alone.
if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  benchLinkListing().catch((err: unknown) => {
    process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
    process.exit(1);
  });
}
