/**
 * The private-site import format (spec 1 section 5): one site per line, `site|email|username|password`.
 * The same rules check manual imports, bulk uploads and sites taken from account profiles, so the
 * server and the import dialog agree on what a valid line is.
 */
import { splitLines } from './text';

export const PRIVATE_SITE_SEPARATOR = '|';

/** Why a line or row was refused; the account texts are the spec's (section 5, Account). */
export const PRIVATE_SITE_REASONS = {
  format: 'Each line must be site|email|username|password',
  siteRequired: 'Please enter website',
  emailRequired: 'Please enter email address',
  usernameRequired: 'Please enter username',
  passwordRequired: 'Please enter password',
  siteInvalid: 'The site must be an http or https URL or a host name such as www.example.com',
  emailInvalid: 'Please enter a valid email address',
  tooLong: 'A field is too long (site 1000, email 254, username 512, password 1000 characters at most)',
  separatorInField: 'Site, email and username cannot contain the | separator',
  lineBreakInField: 'Fields cannot contain line breaks',
} as const;

export const PRIVATE_SITE_LIMITS = { siteUrl: 1000, email: 254, username: 512, password: 1000 } as const;

/** Platforms known before the verifier has looked at a site (see privateSitePlatform). */
export const PLATFORM_UNKNOWN = 'Unknown';
export const PLATFORM_WORDPRESS = 'WordPress';
/** Detected by the platform verifier (MediaWiki's api.php siteinfo); published through the MediaWiki connector. */
export const PLATFORM_MEDIAWIKI = 'MediaWiki';
/** The other platforms with a connector (issue 37; domain/publishing-platforms.ts lists them all with their modules). */
export const PLATFORM_DOKUWIKI = 'DokuWiki';
export const PLATFORM_SHAARLI = 'Shaarli';
export const PLATFORM_GHOST = 'Ghost';
export const PLATFORM_BLOGGER = 'Blogger';
export const PLATFORM_TUMBLR = 'Tumblr';
export const PLATFORM_WORDPRESS_COM = 'WordPress.com';
export const PLATFORM_FOREM = 'Forem';
export const PLATFORM_TELEGRAPH = 'Telegraph';

export interface PrivateSiteFields {
  siteUrl: string;
  email: string;
  username: string;
  password: string;
}

export interface LineError {
  line: number;
  reason: string;
}

// A bare host: labels of letters, digits and hyphens with at least one dot, optional port and path.
const HOST_PATTERN = /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z0-9-]{2,}(?::\d{1,5})?(?:[/?#]\S*)?$/i;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** True for an http(s) URL with a host, or a bare host name such as www.example.com or blog.example.org/path. */
export function isSiteAddress(value: string): boolean {
  if (/^https?:\/\//i.test(value)) {
    try {
      const url = new URL(value);
      return url.hostname.length > 0 && !/\s/.test(value);
    } catch {
      return false;
    }
  }
  return HOST_PATTERN.test(value);
}

/** The first reason the (already trimmed) fields are not a private site, or null when they are. */
export function checkPrivateSite(site: PrivateSiteFields): string | null {
  const { siteUrl, email, username, password } = site;
  if (!siteUrl) return PRIVATE_SITE_REASONS.siteRequired;
  if (!email) return PRIVATE_SITE_REASONS.emailRequired;
  if (!username) return PRIVATE_SITE_REASONS.usernameRequired;
  if (!password) return PRIVATE_SITE_REASONS.passwordRequired;
  if ([siteUrl, email, username, password].some((field) => /[\r\n]/.test(field))) return PRIVATE_SITE_REASONS.lineBreakInField;
  // Only the password may hold the separator: a line splits at its first three pipes.
  if ([siteUrl, email, username].some((field) => field.includes(PRIVATE_SITE_SEPARATOR))) return PRIVATE_SITE_REASONS.separatorInField;
  if (
    siteUrl.length > PRIVATE_SITE_LIMITS.siteUrl || email.length > PRIVATE_SITE_LIMITS.email
    || username.length > PRIVATE_SITE_LIMITS.username || password.length > PRIVATE_SITE_LIMITS.password
  ) return PRIVATE_SITE_REASONS.tooLong;
  if (!isSiteAddress(siteUrl)) return PRIVATE_SITE_REASONS.siteInvalid;
  if (!EMAIL_PATTERN.test(email)) return PRIVATE_SITE_REASONS.emailInvalid;
  return null;
}

/** Trims the fields of a site (the password keeps inner spaces; only its ends are trimmed). */
export function trimSiteFields(site: PrivateSiteFields): PrivateSiteFields {
  return { siteUrl: site.siteUrl.trim(), email: site.email.trim(), username: site.username.trim(), password: site.password.trim() };
}

/**
 * One line → its fields, or the reason it is refused. The line splits at its first three pipes, so
 * a password may itself contain `|` and an exported line always imports back unchanged.
 */
export function parsePrivateSiteLine(line: string): { site: PrivateSiteFields } | { reason: string } {
  const parts = line.split(PRIVATE_SITE_SEPARATOR);
  if (parts.length < 4) return { reason: PRIVATE_SITE_REASONS.format };
  const [siteUrl = '', email = '', username = ''] = parts;
  const site = trimSiteFields({ siteUrl, email, username, password: parts.slice(3).join(PRIVATE_SITE_SEPARATOR) });
  const reason = checkPrivateSite(site);
  return reason ? { reason } : { site };
}

/**
 * A pasted list → the valid sites and one error per bad line (1-based line numbers; blank lines
 * are skipped, any line-break style is accepted). A site listed twice keeps its last line.
 */
export function parsePrivateSiteList(text: string): { sites: PrivateSiteFields[]; errors: LineError[] } {
  const byIdentity = new Map<string, PrivateSiteFields>();
  const errors: LineError[] = [];
  splitLines(text).forEach((line, index) => {
    if (line.trim() === '') return;
    const parsed = parsePrivateSiteLine(line);
    if ('reason' in parsed) errors.push({ line: index + 1, reason: parsed.reason });
    else byIdentity.set(siteIdentity(parsed.site), parsed.site);
  });
  return { sites: [...byIdentity.values()], errors };
}

/** The identity of a site inside one network: site URL plus email (re-imports update, never duplicate). */
export function siteIdentity(site: Pick<PrivateSiteFields, 'siteUrl' | 'email'>): string {
  return `${site.siteUrl}\u0000${site.email}`;
}

/** One export line; it imports back to the same site. */
export function formatPrivateSiteLine(site: PrivateSiteFields): string {
  return [site.siteUrl, site.email, site.username, site.password].join(PRIVATE_SITE_SEPARATOR);
}

/** An error of the errorList: 'Line 3: Please enter email address'. */
export function formatLineError(error: LineError, label = 'Line'): string {
  return `${label} ${error.line}: ${error.reason}`;
}

/** Most refused lines an import's errorList lists; the rest are counted in its last entry. */
export const MAX_LISTED_LINE_ERRORS = 1000;

/**
 * An import's errorList (issue 39 item 4: the good lines are kept, each refused one named by its
 * number in the text): 'Line 3: …' per refused line, the first MAX_LISTED_LINE_ERRORS of them, then
 * '… and 12 more refused lines'.
 */
export function listLineErrors(errors: readonly (LineError | string)[], max = MAX_LISTED_LINE_ERRORS): string[] {
  const lines = errors.slice(0, max).map((error) => (typeof error === 'string' ? error : formatLineError(error)));
  return errors.length > max ? [...lines, `… and ${errors.length - max} more refused lines`] : lines;
}

/**
 * The platform stored when a site is imported, before the verifier has detected it: the user's
 * "self-hosted blogs" tick says WordPress; anything else is Unknown until verified.
 */
export function privateSitePlatform(selfHosted: boolean): string {
  return selfHosted ? PLATFORM_WORDPRESS : PLATFORM_UNKNOWN;
}
