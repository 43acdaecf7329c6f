/** The waits before the 2nd, 3rd and 4th try of a delivery that failed in passing (webhook, email). */
export const ALERT_RETRY_DELAYS_MS: readonly number[] = [60_000, 5 * 60_000, 30 * 60_000];

/** A failure that will be tried again: what happened, which retry and when (UTC). */
export function retryLine(info: string, attempt: number, at: number): string {
  const when = new Date(at).toISOString().slice(11, 16);
  return `${info} — retry ${attempt} of ${ALERT_RETRY_DELAYS_MS.length} at ${when} UTC`;
}
