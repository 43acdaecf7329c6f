/**
 * Blocked sites (spec 3 section 5): one site per line, such as example.com. A blocked site is kept
 * as its domain (lower case, without `www.`), and blocks that domain and every subdomain of it.
 */
import { splitLines } from './text';
import type { LineError } from './private-site-lines';

export const BLOCKED_SITE_MESSAGES = {
  required: 'Please enter blocked sites',
  invalid: 'Enter one site per line, such as example.com',
  tooMany: 'At most 10000 blocked sites at once',
  deleteConfirm: 'Do you really want to delete selected blocked sites?',
} as const;

export const MAX_BLOCKED_SITES_PER_ADD = 10_000;

const DOMAIN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const SCHEME = /^[a-z][a-z0-9+.-]*:\/\//i;

/** The host of a URL or a bare host (`https://www.Example.com/a`, `example.com:8080/b`), lower case; null if none. */
function hostOf(value: string): string | null {
  const text = value.trim();
  if (text === '' || /\s/.test(text)) return null;
  try {
    const host = new URL(SCHEME.test(text) ? text : `http://${text}`).hostname.toLowerCase();
    return host.replace(/\.$/, '') || null;
  } catch {
    return null;
  }
}

const withoutWww = (host: string) => (host.startsWith('www.') ? host.slice(4) : host);

/**
 * A line as typed (a domain, a host with `www.`, or a whole URL) → the blocked domain it means, or
 * null when it names no site. `https://www.Example.com/page` → `example.com`.
 */
export function normaliseBlockedSite(value: string): string | null {
  const host = hostOf(value);
  if (!host) return null;
  const domain = withoutWww(host);
  return DOMAIN.test(domain) ? domain : null;
}

/**
 * Pasted text (or a list of texts, each one or more lines) → the distinct domains, in the order
 * first given, and one error per line that names no site (1-based; blank lines skipped).
 */
export function parseBlockedSiteList(text: string | readonly string[]): { domains: string[]; errors: LineError[] } {
  const lines = (typeof text === 'string' ? [text] : text).flatMap((entry) => splitLines(entry));
  const domains = new Set<string>();
  const errors: LineError[] = [];
  lines.forEach((line, index) => {
    if (line.trim() === '') return;
    const domain = normaliseBlockedSite(line);
    if (domain) domains.add(domain);
    else errors.push({ line: index + 1, reason: BLOCKED_SITE_MESSAGES.invalid });
  });
  return { domains: [...domains], errors };
}

/**
 * The blocked domains that would block this URL: its host without `www.` and each parent domain
 * (`a.b.example.com` → a.b.example.com, b.example.com, example.com). Empty when it has no host.
 */
export function blockingDomainsOf(url: string): string[] {
  const host = hostOf(url);
  if (!host) return [];
  // An IP address blocks itself only ('0.1' is no parent of '10.0.0.1').
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(host) || host.includes(':')) return [host];
  const labels = withoutWww(host).split('.');
  const candidates: string[] = [];
  for (let start = 0; start < labels.length - 1; start += 1) candidates.push(labels.slice(start).join('.'));
  return candidates.length > 0 ? candidates : [labels.join('.')];
}

/** Is this URL on one of these blocked domains (or a subdomain of one)? */
export function isBlockedBy(url: string, blocked: ReadonlySet<string>): boolean {
  return blockingDomainsOf(url).some((domain) => blocked.has(domain));
}
