/**
 * Proxy checks (issue 15.3), the checker the `proxy.check` job runs, against proxies on this
 * machine: (1) proxies checked per second at the default concurrency, 1,000 live proxies (half
 * HTTP CONNECT with Basic auth — proxy-chain servers in this process —, half SOCKS5 with a login —
 * Debian's microsocks, one process each, through scripts/peers/microsocks.sh) fetching a local judge
 * URL; (2) 1,000
 * proxies of which half are dead (servers that accept and never answer, the worst kind) with the
 * default concurrency and a 3 s timeout: goal ≤ 2 × timeout, bounded by the timeout, not the count.
 * Run alone: `node --import tsx bench/proxy-check.ts`.
 */
import './support/local-peers';
import { PROXY_CHECK } from '@linkloom/shared';
import { checkProxyPool } from '../packages/server/src/engine/proxies/check-pool';
import type { ProxyToCheck } from '../packages/server/src/engine/proxies/check-proxy';
import { startHttpProxy, startHungServer, startJudge, startSocks5, type Peer } from '../packages/server/test/support/proxy-peers';

const COUNT = 1000;
const DEAD_TIMEOUT_MS = 3000;
const login = { username: 'bench', password: 'bench pw' };
const START_BATCH = 20;

async function run(proxies: ProxyToCheck[], judgeUrl: string, timeoutMs: number) {
  let alive = 0;
  const started = performance.now();
  await checkProxyPool(proxies, judgeUrl, { concurrency: PROXY_CHECK.concurrency, timeoutMs }, new AbortController().signal, (_proxy, result) => {
    if (result.alive) alive += 1;
  });
  return { ms: performance.now() - started, alive };
}

async function main(): Promise<void> {
  const peers: Peer[] = [];
  try {
    const judge = await startJudge();
    peers.push(judge);
    const live: ProxyToCheck[] = [];
    const startedAt = performance.now();
    // In batches: each microsocks is a process of its own, started by a script.
    for (let i = 0; i < COUNT; i += START_BATCH) {
      const batch = await Promise.all(Array.from({ length: Math.min(START_BATCH, COUNT - i) }, (_, k) => ((i + k) % 2 === 0 ? startHttpProxy(login) : startSocks5(login))));
      peers.push(...batch);
      live.push(...batch.map((peer) => ({ host: '127.0.0.1', port: peer.port, ...login })));
    }
    process.stdout.write(`Proxy check: started ${COUNT / 2} proxy-chain and ${COUNT / 2} microsocks proxies in ${((performance.now() - startedAt) / 1000).toFixed(1)} s (not measured below)\n`);
    const hung: ProxyToCheck[] = [];
    for (let i = 0; i < COUNT / 2; i += 1) {
      const peer = await startHungServer();
      peers.push(peer);
      hung.push({ host: '127.0.0.1', port: peer.port, username: '', password: '' });
    }

    await run(live.slice(0, 50), judge.url, PROXY_CHECK.timeoutMs); // warm-up
    const all = await run(live, judge.url, PROXY_CHECK.timeoutMs);
    process.stdout.write(
      `Proxy check, ${COUNT} live local proxies (half HTTP CONNECT by proxy-chain, half SOCKS5 by microsocks), concurrency ${PROXY_CHECK.concurrency}: ` +
      `${Math.round(COUNT / (all.ms / 1000))} proxies/s (${Math.round(all.ms)} ms, ${all.alive} alive)\n`,
    );
    const mixed = [...live.slice(0, COUNT / 2), ...hung].sort((a, b) => a.port - b.port);
    const half = await run(mixed, judge.url, DEAD_TIMEOUT_MS);
    process.stdout.write(
      `Proxy check, ${COUNT} proxies of which ${COUNT / 2} hang, timeout ${DEAD_TIMEOUT_MS / 1000} s: ${(half.ms / 1000).toFixed(2)} s ` +
      `(${(half.ms / DEAD_TIMEOUT_MS).toFixed(2)} × timeout; goal ≤ 2 ×), ${half.alive} alive\n`,
    );
  } finally {
    await Promise.all(peers.map((peer) => peer.close()));
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
