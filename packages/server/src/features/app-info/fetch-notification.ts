import type { FastifyBaseLogger } from 'fastify';

const TIMEOUT_MS = 5_000;
const MAX_CHARS = 64 * 1024;

/**
 * The notification service's text for a user (spec 1 section 2, spec 3 "Campaign page"): GET
 * `{base}/info?{userId}`. Off (null) when no service is configured; any failure is only logged and
 * answers null, so the page never waits on or breaks because of it. The page sanitises the HTML.
 */
export async function fetchNotification(base: string | undefined, userId: number, log: FastifyBaseLogger): Promise<string | null> {
  if (!base) return null;
  const url = `${base.replace(/\/+$/, '')}/info?${userId}`;
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS), headers: { accept: 'text/html, text/plain;q=0.9' } });
    if (!response.ok) {
      log.warn({ url, status: response.status }, 'notification service answered an error');
      return null;
    }
    const text = (await response.text()).trim();
    return text.length > 0 ? text.slice(0, MAX_CHARS) : null;
  } catch (error) {
    log.warn({ url, err: error }, 'notification service could not be reached');
    return null;
  }
}
