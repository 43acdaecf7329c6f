/**
 * The outbound policy: which addresses LinkLoom may connect to when the address came from a user
 * (a site, a proxy, a mail server, an image URL) or from a remote site's answer (a redirect, a
 * discovery link, a post's URL). Public unicast addresses are open; this machine (loopback,
 * unspecified), private networks, link-local (cloud metadata), shared/CGNAT, unique-local IPv6,
 * multicast, broadcast and reserved ranges are refused unless the operator opens them with
 * `OUTBOUND_ALLOW` (comma-separated CIDRs, addresses and host names).
 *
 * Addresses are classified by ipaddr.js on the address really connected to, never by how a URL
 * spells its host: `2130706433`, `0x7f.1`, `127.1` and `::ffff:127.0.0.1` are all 127.0.0.1 by the
 * time they reach here (the resolver and URL parser normalise them; IPv4-mapped IPv6 is unwrapped).
 */
import ipaddr from 'ipaddr.js';

/** The policy's name for an address's range, as refusals name it. */
export type AddressClass =
  | 'public'
  | 'loopback'
  | 'unspecified'
  | 'private'
  | 'link-local'
  | 'shared'
  | 'unique-local'
  | 'multicast'
  | 'broadcast'
  | 'reserved';

/** What the operator opened: CIDR ranges and host names (exact, or `.example.lan` for its subdomains). */
export interface OutboundPolicy {
  readonly ranges: ReadonlyArray<[ipaddr.IPv4 | ipaddr.IPv6, number]>;
  readonly hosts: ReadonlySet<string>;
  readonly hostSuffixes: readonly string[];
  /** The setting as given, for messages and logs. */
  readonly source: string;
}

const CLASS_WORDS: Record<Exclude<AddressClass, 'public'>, string> = {
  loopback: 'a loopback address (this server itself)',
  unspecified: 'the unspecified address (this server itself)',
  private: 'a private-network address',
  'link-local': 'a link-local address (where cloud metadata services answer)',
  shared: 'a shared (carrier-grade NAT) address',
  'unique-local': 'a unique-local IPv6 address (a private network)',
  multicast: 'a multicast address',
  broadcast: 'the broadcast address',
  reserved: 'a reserved address',
};

/**
 * A connection the outbound policy refused before any byte was sent. Its message is the user's
 * reason (the address, its class and the setting that would open it); `code` lets transport error
 * handlers (which read codes along `cause` chains) tell it from a network failure.
 */
export class OutboundRefusedError extends Error {
  override readonly name = 'OutboundRefusedError';
  readonly code = 'EOUTBOUND_REFUSED';
  constructor(
    readonly address: string,
    readonly addressClass: Exclude<AddressClass, 'public'>,
    readonly host: string,
  ) {
    const named = host && host !== address ? `${host} (${address})` : address;
    super(`Refused to connect to ${named}: it is ${CLASS_WORDS[addressClass]}. LinkLoom does not connect to its own machine or private networks unless the operator opens them with OUTBOUND_ALLOW`);
  }
}

/** The OutboundRefusedError along an error's `cause` chain (fetch wraps the connector's error), if any. */
export function findOutboundRefusal(error: unknown): OutboundRefusedError | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 6 && current && typeof current === 'object'; depth++) {
    if (current instanceof OutboundRefusedError) return current;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** A parsed address with IPv4-mapped IPv6 (`::ffff:a.b.c.d`) unwrapped to its IPv4 address; null when not an IP. */
export function parseAddress(text: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  const bare = text.startsWith('[') && text.endsWith(']') ? text.slice(1, -1) : text;
  if (!ipaddr.isValid(bare)) return null;
  // ipaddr.isValid also takes the classic inet_aton spellings (`127.1`, `0x7f000001`); parse() reads them the same way.
  const address = ipaddr.parse(bare);
  if (address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress()) return (address as ipaddr.IPv6).toIPv4Address();
  return address;
}

/** The class of an address (see AddressClass); anything ipaddr.js does not call unicast is refused by default. */
export function classifyAddress(address: ipaddr.IPv4 | ipaddr.IPv6): AddressClass {
  const range = address.range();
  switch (range) {
    case 'unicast':
      return 'public';
    case 'loopback':
      return 'loopback';
    case 'unspecified':
      return 'unspecified';
    case 'private':
      return 'private';
    case 'linkLocal':
      return 'link-local';
    case 'carrierGradeNat':
      return 'shared';
    case 'uniqueLocal':
      return 'unique-local';
    case 'multicast':
      return 'multicast';
    case 'broadcast':
      return 'broadcast';
    default:
      // reserved, benchmarking, documentation, 6to4 / Teredo / NAT64 (which embed an IPv4 address), AMT, AS112 …
      return 'reserved';
  }
}

const HOST_NAME = /^(\.)?([a-z0-9_]([a-z0-9_-]{0,62})?)(\.[a-z0-9_]([a-z0-9_-]{0,62})?)*$/;

/**
 * Reads OUTBOUND_ALLOW: comma-separated CIDRs (`10.0.0.0/8`, `fd00::/8`), single addresses, host
 * names (`wiki.lan`) and suffixes (`.lan`: every name under it). Throws with the entry it could not read.
 */
export function parseOutboundAllow(value: string | undefined): OutboundPolicy {
  const ranges: Array<[ipaddr.IPv4 | ipaddr.IPv6, number]> = [];
  const hosts = new Set<string>();
  const hostSuffixes: string[] = [];
  for (const raw of (value ?? '').split(',')) {
    const entry = raw.trim().toLowerCase().replace(/\.$/, '');
    if (entry === '') continue;
    if (entry.includes('/')) {
      if (!ipaddr.isValidCIDR(entry)) throw new Error(`OUTBOUND_ALLOW: "${raw.trim()}" is not a CIDR range like 10.0.0.0/8`);
      const [address, bits] = ipaddr.parseCIDR(entry);
      ranges.push([address, bits]);
      continue;
    }
    const address = ipaddr.isValid(entry) ? ipaddr.parse(entry) : null;
    if (address) {
      ranges.push([address, address.kind() === 'ipv4' ? 32 : 128]);
      continue;
    }
    if (!HOST_NAME.test(entry)) throw new Error(`OUTBOUND_ALLOW: "${raw.trim()}" is neither a CIDR range, an address nor a host name`);
    if (entry.startsWith('.')) hostSuffixes.push(entry);
    else hosts.add(entry);
  }
  return { ranges, hosts, hostSuffixes, source: value ?? '' };
}

/** Whether the operator opened this host name (as the user or the remote site wrote it). */
export function hostIsAllowed(policy: OutboundPolicy, host: string): boolean {
  if (policy.hosts.size === 0 && policy.hostSuffixes.length === 0) return false;
  const name = host.toLowerCase().replace(/\.$/, '');
  return policy.hosts.has(name) || policy.hostSuffixes.some((suffix) => name.endsWith(suffix));
}

function inAllowedRange(policy: OutboundPolicy, address: ipaddr.IPv4 | ipaddr.IPv6): boolean {
  for (const [network, bits] of policy.ranges) {
    if (network.kind() === address.kind() && address.match(network, bits)) return true;
    // An IPv4 range also opens the same addresses written as IPv4-mapped IPv6, and the reverse.
    if (network.kind() === 'ipv6' && address.kind() === 'ipv4' && (address as ipaddr.IPv4).toIPv4MappedAddress().match(network, bits)) return true;
  }
  return false;
}

/**
 * The refusal for connecting to `address` (reached through `host`, the name the connection was
 * asked for), or null when it is allowed. `address` must be an IP address: anything else is refused
 * as reserved (a resolver that answered something unreadable must not open a door).
 */
export function checkOutbound(policy: OutboundPolicy, address: string, host = address): OutboundRefusedError | null {
  const parsed = parseAddress(address);
  if (!parsed) return new OutboundRefusedError(address, 'reserved', host);
  const addressClass = classifyAddress(parsed);
  if (addressClass === 'public') return null;
  if (inAllowedRange(policy, parsed) || (host !== address && hostIsAllowed(policy, host))) return null;
  return new OutboundRefusedError(parsed.toString(), addressClass, host);
}

let current: OutboundPolicy | undefined;

/**
 * The policy in force: the one the server set from its configuration (setOutboundPolicy), else
 * OUTBOUND_ALLOW of this process's environment (CLI commands, workers started without a config).
 */
export function outboundPolicy(): OutboundPolicy {
  current ??= parseOutboundAllow(process.env.OUTBOUND_ALLOW);
  return current;
}

/** Puts the configured policy in force for this process (buildApp does, from OUTBOUND_ALLOW). */
export function setOutboundPolicy(policy: OutboundPolicy): void {
  current = policy;
}
