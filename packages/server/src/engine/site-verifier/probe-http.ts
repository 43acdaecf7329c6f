import { describeNetworkCode, errorCode, type HttpContext } from '../connectors/http';
import { egressFetch } from '../../platform/egress/egress-dispatcher';
import { findOutboundRefusal } from '../../platform/egress/outbound-policy';
import { sameSiteOrigin } from '../connectors/remote-summary';

/** A probe that could not get an answer worth reading: `reason` is the per-site line the user sees. */
export class ProbeFailure extends Error {
  override readonly name = 'ProbeFailure';
}

export interface ProbeAnswer {
  status: number;
  /** Where the redirects ended. */
  url: string;
  headers: Headers;
  body: string;
}

const USER_AGENT = 'LinkLoom/0.1 site verifier (+https://github.com/linkloom)';
const MAX_REDIRECTS = 5;
/** A home page or an API answer is read up to this size; the rest is not needed to tell the platform. */
const MAX_BODY_BYTES = 512 * 1024;

const sameSite = (a: URL, b: URL) => a.hostname.replace(/^www\./, '') === b.hostname.replace(/^www\./, '');

/**
 * GET with the probe's rules: redirects followed by hand (at most 5, and only within the site's
 * host, `www.` aside; a redirect to another host is a failure naming it), the body read up to
 * 512 KB, one time limit for the whole exchange, every transport failure a ProbeFailure in words
 * (refused, unknown host, TLS, timeout). An abort through `ctx.signal` rejects with its reason.
 */
export async function probeGet(url: string, ctx: HttpContext & { proxyLabel?: string }, headers: Record<string, string> = {}): Promise<ProbeAnswer> {
  const timeout = AbortSignal.timeout(ctx.timeoutMs);
  const signal = ctx.signal ? AbortSignal.any([timeout, ctx.signal]) : timeout;
  const start = new URL(url);
  let current = start;
  try {
    for (let hop = 0; ; hop++) {
      // Through the outbound policy, hop by hop (redirects are followed here, each one checked again).
      const response = await egressFetch(current, {
        method: 'GET',
        headers: { 'user-agent': USER_AGENT, accept: 'text/html,application/json;q=0.9,*/*;q=0.5', ...headers },
        redirect: 'manual',
        signal,
        ...(ctx.dispatcher ? { dispatcher: ctx.dispatcher } : {}),
      });
      const location = response.headers.get('location');
      if (response.status >= 300 && response.status < 400 && location) {
        await response.body?.cancel();
        const next = new URL(location, current);
        if (!sameSite(next, start)) throw new ProbeFailure(`The site redirects to another host (${next.origin}): add that address instead if it is the same site`);
        // A login rides only to the site's own origin (http → https of the same host included).
        if (headers.authorization && !sameSiteOrigin(next, start)) throw new ProbeFailure(`The site redirects a signed-in request to another address (${next.origin}): the login was not sent there`);
        if (hop >= MAX_REDIRECTS) throw new ProbeFailure(`The site redirects more than ${MAX_REDIRECTS} times (last to ${next.href})`);
        current = next;
        continue;
      }
      return { status: response.status, url: current.href, headers: response.headers, body: await readLimited(response) };
    }
  } catch (error) {
    if (ctx.signal?.aborted) throw ctx.signal.reason;
    if (error instanceof ProbeFailure) throw error;
    const reason = transportReason(error, ctx.timeoutMs);
    throw new ProbeFailure(ctx.proxyLabel ? `${reason}, through the proxy ${ctx.proxyLabel}` : reason);
  }
}

async function readLimited(response: Response): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.byteLength;
    if (size >= MAX_BODY_BYTES) {
      await reader.cancel();
      break;
    }
  }
  return new TextDecoder('utf-8').decode(Buffer.concat(chunks));
}

/** A transport failure in words for the site's reason. */
export function transportReason(error: unknown, timeoutMs: number): string {
  const refusal = findOutboundRefusal(error);
  if (refusal) return refusal.message;
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
    return `The site did not answer within ${Math.round(timeoutMs / 100) / 10} s`;
  }
  const code = errorCode(error);
  if (code && (code.startsWith('ERR_TLS') || code.includes('CERT') || code.startsWith('ERR_SSL') || code === 'EPROTO')) {
    return `TLS error (${code}): the site's certificate is not trusted (self-signed, expired or for another name), or it does not speak HTTPS`;
  }
  return `Could not reach the site (${describeNetworkCode(code)})`;
}
