/**
 * GETs sent at boot, before React has rendered anything (issue 10 goal 2): the session check, the
 * setup status, the app info and the first screen's data leave while the entry script still runs,
 * instead of each waiting for the component that asks for it. The HTTP client takes such an answer
 * the first time it asks for the same URL; an answer nobody took within EARLY_GET_FRESH_MS is
 * dropped, so a later call never sees a stale one.
 */
export const EARLY_GET_FRESH_MS = 5_000;

interface EarlyGet {
  response: Promise<Response>;
  sentAt: number;
}

const pending = new Map<string, EarlyGet>();

/** Sends GET `url` now, with the headers the HTTP client's own GET sends. */
export function startEarlyGet(url: string): void {
  if (pending.has(url)) return;
  const response = fetch(url, { method: 'GET', headers: { Accept: 'application/json' }, credentials: 'same-origin' });
  // A failure is seen (and reported) by whoever takes it; one nobody takes must not be unhandled.
  response.catch(() => undefined);
  pending.set(url, { response, sentAt: Date.now() });
}

/** The early answer for GET `url`, once, if it was sent and is still fresh. */
export function takeEarlyGet(url: string): Promise<Response> | undefined {
  const early = pending.get(url);
  if (!early) return undefined;
  pending.delete(url);
  return Date.now() - early.sentAt <= EARLY_GET_FRESH_MS ? early.response : undefined;
}
