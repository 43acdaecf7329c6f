/**
 * The one door out for sockets: every connection to a user- or site-supplied address is opened
 * here, and the address it really connects to passes the outbound policy first. Host names are
 * resolved through `egressLookup`, which Node's net/tls call on every connect (so every reconnect,
 * redirect hop and pooled socket is checked again: DNS rebinding gets nothing); IP literals, which
 * Node connects to without a lookup, are checked before the connect.
 */
import dns from 'node:dns';
import net from 'node:net';
import tls from 'node:tls';
import { checkOutbound, outboundPolicy, OutboundRefusedError } from './outbound-policy';

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | dns.LookupAddress[], family?: number) => void;

/**
 * A `lookup` for net.connect / tls.connect / undici's connector: resolves like dns.lookup, then keeps
 * only the addresses the policy allows. When none is left the connect fails with the refusal.
 */
export function egressLookup(hostname: string, options: dns.LookupOptions, callback: LookupCallback): void {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, '');
    const policy = outboundPolicy();
    let refusal: OutboundRefusedError | null = null;
    const allowed = addresses.filter((entry) => {
      const refused = checkOutbound(policy, entry.address, hostname);
      refusal ??= refused;
      return refused === null;
    });
    if (allowed.length === 0) return callback(refusal ?? new OutboundRefusedError(hostname, 'reserved', hostname), '');
    if (options.all) return callback(null, allowed);
    const [first] = allowed as [dns.LookupAddress];
    callback(null, first.address, first.family);
  });
}

/** `[::1]` → `::1`: URL hosts keep IPv6 brackets, sockets take the bare address. */
export function bareHost(host: string): string {
  return host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
}

/** The refusal for an IP literal host (checked here because Node does no lookup for it); null for a name or an allowed address. */
export function refuseLiteral(host: string): OutboundRefusedError | null {
  const bare = bareHost(host);
  return net.isIP(bare) ? checkOutbound(outboundPolicy(), bare) : null;
}

/**
 * Resolves `host` and answers one address the policy allows (for clients that open their own
 * sockets, such as imapflow: connect them to this address, with the name kept for TLS). Rejects
 * with OutboundRefusedError, or the resolver's error.
 */
export async function resolveAllowed(host: string): Promise<{ address: string; family: number }> {
  const bare = bareHost(host);
  if (net.isIP(bare)) {
    const refusal = refuseLiteral(bare);
    if (refusal) throw refusal;
    return { address: bare, family: net.isIP(bare) };
  }
  return await new Promise((resolve, reject) => {
    egressLookup(bare, {}, (error, address, family) => {
      if (error) reject(error);
      else resolve({ address: address as string, family: family ?? 4 });
    });
  });
}

/** A socket that fails (asynchronously, as a refused connect would) with the policy's refusal. */
function refusedSocket<T extends net.Socket>(socket: T, refusal: OutboundRefusedError): T {
  process.nextTick(() => socket.destroy(refusal));
  return socket;
}

/** net.connect through the outbound policy. A refusal arrives as the socket's 'error' event. */
export function egressConnectTcp(options: net.TcpNetConnectOpts): net.Socket {
  const host = bareHost(options.host ?? 'localhost');
  const refusal = refuseLiteral(host);
  if (refusal) return refusedSocket(new net.Socket(), refusal);
  return net.connect({ ...options, host, lookup: egressLookup });
}

/**
 * tls.connect through the outbound policy (a connection of its own; when `socket` is given the
 * TCP connection already passed the policy and TLS is only layered on it).
 */
export function egressConnectTls(options: tls.ConnectionOptions): tls.TLSSocket {
  if (options.socket) return tls.connect(options);
  const host = bareHost(options.host ?? 'localhost');
  const refusal = refuseLiteral(host);
  if (refusal) return refusedSocket(new tls.TLSSocket(new net.Socket()), refusal);
  return tls.connect({ ...options, host, lookup: egressLookup });
}
