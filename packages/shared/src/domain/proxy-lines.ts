/**
 * The proxy list format of the Add New Proxies dialog (spec 3 section 5): one proxy per line,
 * `ip:port` or `ip:port:username:password`. The server and the dialog agree on what a valid line is.
 */
import { splitLines } from './text';
import type { LineError } from './private-site-lines';

export const PROXY_MESSAGES = {
  required: 'Please enter proxies',
  format: 'Each line must be ip:port or ip:port:username:password',
  address: 'The address must be an IP address or a host name',
  port: 'The port must be a number between 1 and 65535',
  tooLong: 'A field is too long (address 253, username 512, password 1000 characters at most)',
  tooMany: 'At most 10000 proxies at once',
  deleteConfirm: 'Do you really want to delete selected proxies?',
} as const;

export const MAX_PROXIES_PER_ADD = 10_000;

/** A proxy as the engine dials it; username and password are '' for a proxy without login. */
export interface ProxyFields {
  host: string;
  port: number;
  username: string;
  password: string;
}

const IPV4 = /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;
const HOST_NAME = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i;

/** True for a dotted IPv4 address or a host name (proxy providers hand out both). */
export function isProxyAddress(value: string): boolean {
  return IPV4.test(value) || (HOST_NAME.test(value) && !/^[\d.]+$/.test(value));
}

function parsePort(text: string): number | null {
  if (!/^\d{1,5}$/.test(text)) return null;
  const port = Number(text);
  return port >= 1 && port <= 65_535 ? port : null;
}

/**
 * One (trimmed) line → the proxy, or the reason it is refused. The password is everything after
 * the third colon, so a password may itself contain `:`.
 */
export function parseProxyLine(line: string): { proxy: ProxyFields } | { reason: string } {
  const parts = line.trim().split(':');
  if (parts.length !== 2 && parts.length < 4) return { reason: PROXY_MESSAGES.format };
  const [host = '', portText = '', username = ''] = parts.map((part, index) => (index < 3 ? part.trim() : part));
  const password = parts.length >= 4 ? parts.slice(3).join(':').trim() : '';
  if (parts.length >= 4 && (username === '' || password === '')) return { reason: PROXY_MESSAGES.format };
  if (host.length > 253 || username.length > 512 || password.length > 1000) return { reason: PROXY_MESSAGES.tooLong };
  if (!isProxyAddress(host)) return { reason: PROXY_MESSAGES.address };
  const port = parsePort(portText);
  if (port === null) return { reason: PROXY_MESSAGES.port };
  return { proxy: { host: host.toLowerCase(), port, username, password } };
}

/** The key of a proxy row: address and port (spec 3 section 3). */
export function proxyKey(proxy: { host: string; port: number }): string {
  return `${proxy.host}:${proxy.port}`;
}

/**
 * Pasted text (or a list of texts, each one or more lines) → the proxies and one error per bad
 * line (1-based, counted over all lines; blank lines skipped). A proxy listed twice keeps its last line.
 */
export function parseProxyList(text: string | readonly string[]): { proxies: ProxyFields[]; errors: LineError[] } {
  const lines = (typeof text === 'string' ? [text] : text).flatMap((entry) => splitLines(entry));
  const byKey = new Map<string, ProxyFields>();
  const errors: LineError[] = [];
  lines.forEach((line, index) => {
    if (line.trim() === '') return;
    const parsed = parseProxyLine(line);
    if ('reason' in parsed) errors.push({ line: index + 1, reason: parsed.reason });
    else {
      byKey.delete(proxyKey(parsed.proxy));
      byKey.set(proxyKey(parsed.proxy), parsed.proxy);
    }
  });
  return { proxies: [...byKey.values()], errors };
}

/** The URL a proxying HTTP client takes: `http://user:pass@host:port` (credentials URL-encoded). */
export function proxyUrl(proxy: ProxyFields): string {
  const login = proxy.username ? `${encodeURIComponent(proxy.username)}:${encodeURIComponent(proxy.password)}@` : '';
  return `http://${login}${proxy.host}:${proxy.port}`;
}
