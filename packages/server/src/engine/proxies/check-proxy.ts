/**
 * The proxy check: is a proxy alive, and does it speak HTTP CONNECT or SOCKS5? Every connection
 * to a proxy goes through the outbound policy (platform/egress), so a proxy on this machine or a
 * private network is refused before any byte is sent, with the policy's message as its reason (a
 * proxy check must not be a port scanner). The judge URL is fetched *through* the proxy: a judge
 * named by host name is resolved by the proxy, not by us (the proxy decides what that name means
 * on its own network); a judge whose host is an IP literal in a refused range is refused here
 * before the proxy is asked. Reasons are short phrases of our own, or numbers (statuses, SOCKS
 * reply codes): nothing the proxy or the judge sent is repeated.
 */
import type { Socket } from 'node:net';
import { connect as connectTls } from 'node:tls';
import type { Duplex } from 'node:stream';
import { egressConnectTcp, refuseLiteral } from '../../platform/egress/egress-connect';
import { findOutboundRefusal } from '../../platform/egress/outbound-policy';
import { SocketClosedError, SocketReader } from './socket-reader';

/** The proxy to check: address, port and its login details ('' when it needs none). */
export interface ProxyToCheck {
  host: string;
  port: number;
  username: string;
  password: string;
}

export type ProxyProtocol = 'http' | 'socks5';

export type ProxyCheckResult =
  | { alive: true; protocol: ProxyProtocol; latencyMs: number }
  | { alive: false; reason: string; protocol?: ProxyProtocol };

/**
 * What a proxy handshake learnt, in a phrase of our own (safe to show a user as it is: it holds no
 * byte the proxy sent). Callers that summarise network failures may keep these messages.
 */
export class ProxyHandshakeError extends Error {
  override name = 'ProxyHandshakeError';
}
/** The proxy answered, but not in the protocol tried: the other one is tried next. */
class WrongProtocol extends ProxyHandshakeError {}
/** A definite answer about the proxy (refused credentials, the judge's status …). */
class ProxyRefused extends ProxyHandshakeError {
  constructor(message: string, readonly protocol: ProxyProtocol) {
    super(message);
  }
}

const MAX_HEADER_BYTES = 16 * 1024;
const USER_AGENT = 'Mozilla/5.0 (compatible; LinkLoom proxy check)';

/** A TCP connection to the proxy, through the outbound policy (a refusal rejects with OutboundRefusedError). */
function openSocket(host: string, port: number, signal: AbortSignal): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = egressConnectTcp({ host, port });
    const fail = (error: Error) => {
      socket.destroy();
      reject(error);
    };
    const onAbort = () => fail(new SocketClosedError('timed out'));
    signal.addEventListener('abort', onAbort, { once: true });
    socket.once('error', fail);
    socket.once('connect', () => {
      socket.off('error', fail);
      socket.on('error', () => undefined); // reported through the reader
      signal.removeEventListener('abort', onAbort);
      resolve(socket);
    });
    socket.setNoDelay(true);
  });
}

/** `HTTP/1.1 200 Connection established` → 200; undefined when the answer is not HTTP. */
function statusOf(head: Buffer): number | undefined {
  const match = /^HTTP\/1\.[01] (\d{3})/.exec(head.toString('latin1'));
  return match ? Number(match[1]) : undefined;
}

/** Through an open tunnel: GET the judge URL, answer its status (TLS for https). */
async function askJudge(tunnel: Socket, reader: SocketReader, judge: URL, signal: AbortSignal): Promise<number> {
  let stream: Duplex = tunnel;
  let judgeReader = reader;
  if (judge.protocol === 'https:') {
    reader.detach();
    const tls = connectTls({ socket: tunnel, servername: judge.hostname, rejectUnauthorized: false });
    tls.on('error', () => undefined);
    stream = tls;
    judgeReader = new SocketReader(tls, signal);
  }
  stream.write(`GET ${judge.pathname}${judge.search} HTTP/1.1\r\nHost: ${judge.host}\r\nUser-Agent: ${USER_AGENT}\r\nConnection: close\r\n\r\n`);
  const status = statusOf(await judgeReader.readUntil('\r\n', MAX_HEADER_BYTES));
  if (status === undefined) throw new ProxyRefused('the judge URL did not answer HTTP through the proxy', 'http');
  return status;
}

function judgePort(judge: URL): number {
  return Number(judge.port) || (judge.protocol === 'https:' ? 443 : 80);
}

/** HTTP CONNECT to the judge's host, then the judge's answer through the tunnel. */
async function throughHttpConnect(proxy: ProxyToCheck, judge: URL, signal: AbortSignal): Promise<number> {
  const socket = await openSocket(proxy.host, proxy.port, signal);
  try {
    const reader = new SocketReader(socket, signal);
    const auth = proxy.username ? `Proxy-Authorization: Basic ${Buffer.from(`${proxy.username}:${proxy.password}`).toString('base64')}\r\n` : '';
    const target = `${judge.hostname.includes(':') ? `[${judge.hostname}]` : judge.hostname}:${judgePort(judge)}`;
    socket.write(`CONNECT ${target} HTTP/1.1\r\nHost: ${target}\r\n${auth}\r\n`);
    const head = await reader.readUntil('\r\n\r\n', MAX_HEADER_BYTES).catch((error: unknown) => {
      // A SOCKS server closes (or answers bytes that are no HTTP) on a CONNECT line.
      throw error instanceof SocketClosedError && error.message !== 'timed out' ? new WrongProtocol(error.message) : error;
    });
    const status = statusOf(head);
    if (status === undefined) throw new WrongProtocol('not an HTTP proxy');
    // tinyproxy answers 401 where it means 407 (notes/proxies-for-tests.md): both are refused credentials.
    if (status === 407 || status === 401) throw new ProxyRefused(proxy.username ? 'the proxy refused the user name or password' : 'the proxy asks for a user name and password', 'http');
    if (status !== 200) throw new ProxyRefused(`the proxy answered ${status} to CONNECT`, 'http');
    return await askJudge(socket, reader, judge, signal);
  } finally {
    socket.destroy();
  }
}

const SOCKS_REPLIES: Record<number, string> = {
  1: 'general SOCKS server failure', 2: 'connection not allowed by its rules', 3: 'network unreachable', 4: 'host unreachable',
  5: 'connection refused by the judge host', 6: 'TTL expired', 7: 'command not supported', 8: 'address type not supported',
};

/**
 * RFC 1928 (with RFC 1929 user name and password): a connection through a SOCKS5 proxy to
 * `host:port` (by name), ready for the caller's bytes; the reader holds any early ones. Throws
 * WrongProtocol when the proxy does not speak SOCKS5, ProxyRefused for a definite refusal, and
 * OutboundRefusedError — before connecting to anything — when the proxy's address is refused by the
 * outbound policy or the target is an IP literal it refuses. A target named by host name is
 * resolved by the proxy.
 */
export async function openSocks5Tunnel(
  proxy: ProxyToCheck, host: string, port: number, signal: AbortSignal,
): Promise<{ socket: Socket; reader: SocketReader }> {
  const targetRefusal = refuseLiteral(host);
  if (targetRefusal) throw targetRefusal;
  const socket = await openSocket(proxy.host, proxy.port, signal);
  try {
    const reader = new SocketReader(socket, signal);
    const methods = proxy.username ? [0x00, 0x02] : [0x00];
    socket.write(Buffer.from([0x05, methods.length, ...methods]));
    const [version, method] = await reader.read(2);
    if (version !== 0x05) throw new WrongProtocol('not a SOCKS5 proxy');
    if (method === 0xff) throw new ProxyRefused(proxy.username ? 'the SOCKS5 proxy accepts none of our login methods' : 'the SOCKS5 proxy asks for a user name and password', 'socks5');
    if (method === 0x02) {
      const user = Buffer.from(proxy.username.slice(0, 255));
      const pass = Buffer.from(proxy.password.slice(0, 255));
      socket.write(Buffer.concat([Buffer.from([0x01, user.length]), user, Buffer.from([pass.length]), pass]));
      const [, status] = await reader.read(2);
      if (status !== 0x00) throw new ProxyRefused('the SOCKS5 proxy refused the user name or password', 'socks5');
    } else if (method !== 0x00) {
      throw new ProxyRefused(`the SOCKS5 proxy chose a login method we do not speak (${method})`, 'socks5');
    }
    const name = Buffer.from(host.replace(/^\[|\]$/g, ''));
    socket.write(Buffer.concat([Buffer.from([0x05, 0x01, 0x00, 0x03, name.length]), name, Buffer.from([port >> 8, port & 0xff])]));
    const head = await reader.read(4);
    if (head[1] !== 0x00) throw new ProxyRefused(`the SOCKS5 proxy could not connect: ${SOCKS_REPLIES[head[1] ?? 1] ?? `reply ${head[1]}`}`, 'socks5');
    const addressLength = head[3] === 0x01 ? 4 : head[3] === 0x04 ? 16 : (await reader.read(1))[0]!;
    await reader.read(addressLength + 2);
    return { socket, reader };
  } catch (error) {
    socket.destroy();
    throw error;
  }
}

/** Through SOCKS5: the judge's answer. */
async function throughSocks5(proxy: ProxyToCheck, judge: URL, signal: AbortSignal): Promise<number> {
  const { socket, reader } = await openSocks5Tunnel(proxy, judge.hostname, judgePort(judge), signal);
  try {
    return await askJudge(socket, reader, judge, signal);
  } finally {
    socket.destroy();
  }
}

function seconds(ms: number): string {
  return Number((ms / 1000).toFixed(1)).toString();
}

/** The first error code along a cause chain (a socket error inside SocketClosedError). */
function codeOf(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * A failed connection in a few words: the outbound policy's refusal as it is (it names the address,
 * its class and OUTBOUND_ALLOW), else a classified network failure, else this module's own phrase.
 * Never an error's free text, which may carry what the remote end sent.
 */
export function reasonOf(error: unknown): string {
  const refusal = findOutboundRefusal(error);
  if (refusal) return refusal.message;
  const code = codeOf(error);
  if (code === 'ECONNREFUSED') return 'connection refused';
  if (code === 'ECONNRESET' || code === 'EPIPE') return 'connection reset';
  if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH' || code === 'EADDRNOTAVAIL') return 'host unreachable';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'EAI_NONAME') return 'address not found';
  if (code === 'ETIMEDOUT') return 'no answer in time';
  if (code?.startsWith('ERR_SSL') || code?.startsWith('ERR_TLS')) return 'TLS with the judge URL failed';
  if (error instanceof ProxyHandshakeError || error instanceof SocketClosedError) return error.message;
  return code && /^[A-Z0-9_]{1,40}$/.test(code) ? `the connection failed (${code})` : 'the connection failed';
}

/**
 * Checks one proxy by fetching the judge URL through it: HTTP CONNECT first, then SOCKS5 when the
 * proxy does not speak HTTP. Alive when the judge answers 2xx or 3xx; the latency is the time to
 * the judge's status line. The whole check (both tries) ends within `timeoutMs`.
 */
export async function checkProxy(proxy: ProxyToCheck, judgeUrl: string, timeoutMs: number, outer?: AbortSignal): Promise<ProxyCheckResult> {
  // The deadline is an AbortController and a timer of our own, not AbortSignal.timeout(): Node's
  // timer holds that signal only weakly, and inside AbortSignal.any() nothing else holds it, so a
  // garbage collection during the wait could drop it and leave a hung proxy's check waiting for ever.
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), timeoutMs);
  try {
    const judge = URL.canParse(judgeUrl) ? new URL(judgeUrl) : undefined;
    if (!judge || (judge.protocol !== 'http:' && judge.protocol !== 'https:')) return { alive: false, reason: 'the judge URL is not an http or https URL' };
    // Refused before the proxy is asked to connect there (a name is resolved by the proxy: see above).
    const judgeRefusal = refuseLiteral(judge.hostname);
    if (judgeRefusal) return { alive: false, reason: `the judge URL: ${judgeRefusal.message}` };
    return await checkWithin(proxy, judge, timeoutMs, outer ? AbortSignal.any([outer, deadline.signal]) : deadline.signal);
  } finally {
    clearTimeout(timer);
  }
}

async function checkWithin(proxy: ProxyToCheck, judge: URL, timeoutMs: number, signal: AbortSignal): Promise<ProxyCheckResult> {
  const started = performance.now();
  const judged = (status: number, protocol: ProxyProtocol): ProxyCheckResult => (status >= 200 && status < 400
    ? { alive: true, protocol, latencyMs: Math.max(1, Math.round(performance.now() - started)) }
    : { alive: false, protocol, reason: `the judge URL answered ${status} through the proxy` });
  try {
    return judged(await throughHttpConnect(proxy, judge, signal), 'http');
  } catch (error) {
    if (error instanceof ProxyRefused) return { alive: false, protocol: error.protocol, reason: error.message };
    if (!(error instanceof WrongProtocol)) return { alive: false, reason: signal.aborted ? `no answer within ${seconds(timeoutMs)} s` : reasonOf(error) };
  }
  try {
    return judged(await throughSocks5(proxy, judge, signal), 'socks5');
  } catch (error) {
    if (error instanceof ProxyRefused) return { alive: false, protocol: error.protocol, reason: error.message };
    if (error instanceof WrongProtocol) return { alive: false, reason: 'speaks neither HTTP CONNECT nor SOCKS5' };
    return { alive: false, reason: signal.aborted ? `no answer within ${seconds(timeoutMs)} s` : reasonOf(error) };
  }
}
