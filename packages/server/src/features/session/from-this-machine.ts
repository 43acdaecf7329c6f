import net from 'node:net';
import type { FastifyRequest } from 'fastify';

const LOOPBACK = new net.BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** Headers a proxy adds: a request that carries one came through a proxy, whatever its socket says. */
const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-real-ip', 'x-forwarded-host', 'x-client-ip'] as const;

/** Is this a loopback address (127.0.0.0/8, ::1, or 127.x written IPv4-mapped)? */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (address === undefined) return false;
  const mapped = /^::ffff:/i.test(address) ? address.slice(7) : address;
  if (net.isIPv4(mapped)) return LOOPBACK.check(mapped, 'ipv4');
  return net.isIPv6(address) && LOOPBACK.check(address, 'ipv6');
}

/**
 * Did the request come from the machine LinkLoom runs on? Its connection must come from a loopback
 * address, the client address Fastify derives (`request.ip`, which honours TRUST_PROXY) must be
 * loopback too, and it must carry no proxy header. A reverse proxy on the same machine connects
 * from 127.0.0.1 for every visitor, so its requests never count as local, TRUST_PROXY or not: with
 * TRUST_PROXY=true anyone could write `X-Forwarded-For: 127.0.0.1`.
 */
export function isFromThisMachine(request: FastifyRequest): boolean {
  if (FORWARDING_HEADERS.some((header) => request.headers[header] !== undefined)) return false;
  return isLoopbackAddress(request.socket.remoteAddress) && isLoopbackAddress(request.ip);
}
