/**
 * A poller for tests that wait on the engine: `until(what, probe)` resolves with the probe's first
 * value that is neither undefined nor false, checking every `intervalMs`, and fails naming `what`
 * after the suite's `timeoutMs` (or the call's own bound).
 */
export function untilWithin(timeoutMs: number, intervalMs = 100) {
  return async function until<T>(what: string, probe: () => Promise<T | undefined | false>, boundMs = timeoutMs): Promise<T> {
    const deadline = Date.now() + boundMs;
    for (;;) {
      const value = await probe();
      if (value !== undefined && value !== false) return value;
      if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, intervalMs));
    }
  };
}
