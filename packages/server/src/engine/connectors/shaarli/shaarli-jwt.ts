/**
 * The token Shaarli's REST API v1 takes (`Authorization: Bearer <JWT>`): a JWT whose header is
 * {"typ":"JWT","alg":"HS512"} and whose payload is {"iat": <seconds>}, signed HS512 with the
 * instance's API secret. Shaarli checks the signature as base64url text and refuses an `iat` in its
 * future or more than 540 s in its past, so the issued-at time is taken a little in the past and
 * on the site's clock when its answers showed it differs from ours.
 */
import { createHmac } from 'node:crypto';

const HEADER = base64Url(JSON.stringify({ typ: 'JWT', alg: 'HS512' }));

/** Seconds the issued-at time is set back, so a site clock a little behind ours still takes it. */
export const ISSUED_AT_MARGIN_S = 30;

function base64Url(text: string): string {
  return Buffer.from(text, 'utf8').toString('base64url');
}

/** A JWT for Shaarli's API: HS512 over {"iat": issuedAtSeconds} with the API secret. */
export function shaarliJwt(secret: string, issuedAtSeconds: number): string {
  const payload = base64Url(JSON.stringify({ iat: Math.floor(issuedAtSeconds) }));
  const signature = createHmac('sha512', secret).update(`${HEADER}.${payload}`).digest('base64url');
  return `${HEADER}.${payload}.${signature}`;
}

/** The issued-at time for a token sent now: our clock plus the site's known offset, less the margin. */
export function issuedAtSeconds(nowMs: number, siteClockOffsetMs = 0): number {
  return Math.floor((nowMs + siteClockOffsetMs) / 1000) - ISSUED_AT_MARGIN_S;
}
