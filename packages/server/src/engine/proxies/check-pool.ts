import { checkProxy, type ProxyCheckResult, type ProxyToCheck } from './check-proxy';

/** How many proxies are checked at once and how long each may take. */
export interface ProxyCheckSettings {
  timeoutMs: number;
  concurrency: number;
}

/**
 * Checks proxies `concurrency` at a time, each within `timeoutMs`, calling `onResult` as each ends
 * (awaited, so recording keeps pace). A stop (the signal) starts no new check and drops the ones in
 * flight unreported. With concurrency at least the count, the whole takes about one timeout at
 * worst, whatever the count; otherwise about count / concurrency timeouts.
 */
export async function checkProxyPool<P extends ProxyToCheck>(
  proxies: readonly P[], judgeUrl: string, settings: ProxyCheckSettings, signal: AbortSignal,
  onResult: (proxy: P, result: ProxyCheckResult) => Promise<void> | void,
): Promise<number> {
  let next = 0;
  let checked = 0;
  const worker = async (): Promise<void> => {
    while (!signal.aborted) {
      const proxy = proxies[next++];
      if (!proxy) return;
      const result = await checkProxy(proxy, judgeUrl, settings.timeoutMs, signal);
      if (signal.aborted) return;
      await onResult(proxy, result);
      checked += 1;
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(settings.concurrency, proxies.length)) }, worker));
  return checked;
}
