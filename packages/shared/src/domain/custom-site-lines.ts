/**
 * The custom-site line formats. Import (one module): `url|da|premium|login|password`; Import All
 * and Export All: `module|url|da|premium|login|password`. Only the URL is required; trailing
 * fields may be left off; `da` is a whole number 0–100 or empty; `premium` is `premium` or empty;
 * the password is the rest of the line, so it may hold the `|` separator. Export All writes every
 * field, so Import All reads its file back unchanged.
 */
import { splitLines } from './text';
import { isSiteAddress, type LineError } from './private-site-lines';
import { MODULES } from '../constants/modules';
import { CUSTOM_SITE_LIMITS, CUSTOM_SITE_MESSAGES, CUSTOM_SITE_MODULES, type CustomSiteModule } from '../schemas/custom-sites';

export const CUSTOM_SITE_SEPARATOR = '|';
export const PREMIUM_FLAG = 'premium';

export const CUSTOM_SITE_LINE_REASONS = {
  premium: `The premium field must be '${PREMIUM_FLAG}' or empty`,
  separatorInField: 'The site, DA and login cannot contain the | separator',
} as const;

/** A custom site as the user gives it (URL normalised, credentials optional). */
export interface CustomSiteFields {
  module: CustomSiteModule;
  url: string;
  host: string;
  da: number | null;
  premium: boolean;
  login: string | null;
  password: string | null;
}

/**
 * Normalises a site address: a bare host gets `https://`; scheme and host lower-case; default
 * ports, the fragment and a lone trailing slash go. Null when it is not an http(s) site.
 */
export function normaliseSiteUrl(value: string): { url: string; host: string } | null {
  const text = value.trim();
  if (!text || !isSiteAddress(text)) return null;
  let parsed: URL;
  try {
    parsed = new URL(/^https?:\/\//i.test(text) ? text : `https://${text}`);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
  parsed.hash = '';
  const path = parsed.pathname === '/' ? '' : parsed.pathname;
  return { url: `${parsed.protocol}//${parsed.host}${path}${parsed.search}`, host: parsed.hostname };
}

/** A module given by id (SocialNetwork) or by its display name (Web 2.0 Blogs), any case. */
export function customSiteModuleOf(value: string): CustomSiteModule | null {
  const wanted = value.trim().toLowerCase();
  return CUSTOM_SITE_MODULES.find((id) => id.toLowerCase() === wanted || MODULES[id].toLowerCase() === wanted) ?? null;
}

/** Checks one site's fields (already split); the reason when they are refused. */
export function checkCustomSite(input: {
  module: CustomSiteModule; url: string; da?: string | number | null; premium?: string | boolean; login?: string | null; password?: string | null;
}): { site: CustomSiteFields } | { reason: string } {
  const rawUrl = input.url.trim();
  if (!rawUrl) return { reason: CUSTOM_SITE_MESSAGES.urlRequired };
  if (rawUrl.length > CUSTOM_SITE_LIMITS.url) return { reason: CUSTOM_SITE_MESSAGES.urlTooLong };
  const normal = normaliseSiteUrl(rawUrl);
  if (!normal) return { reason: CUSTOM_SITE_MESSAGES.urlInvalid };
  let da: number | null = null;
  if (typeof input.da === 'number') da = input.da;
  else if (typeof input.da === 'string' && input.da.trim() !== '') {
    if (!/^\d{1,3}$/.test(input.da.trim())) return { reason: CUSTOM_SITE_MESSAGES.daRange };
    da = Number(input.da.trim());
  }
  if (da !== null && (!Number.isInteger(da) || da < 0 || da > 100)) return { reason: CUSTOM_SITE_MESSAGES.daRange };
  let premium = false;
  if (typeof input.premium === 'boolean') premium = input.premium;
  else if (typeof input.premium === 'string' && input.premium.trim() !== '') {
    if (input.premium.trim().toLowerCase() !== PREMIUM_FLAG) return { reason: CUSTOM_SITE_LINE_REASONS.premium };
    premium = true;
  }
  const login = input.login?.trim() || null;
  const password = input.password?.trim() || null;
  if (Boolean(login) !== Boolean(password)) return { reason: CUSTOM_SITE_MESSAGES.credentialsPair };
  if (login && login.length > CUSTOM_SITE_LIMITS.login) return { reason: CUSTOM_SITE_MESSAGES.loginTooLong };
  if (password && password.length > CUSTOM_SITE_LIMITS.password) return { reason: CUSTOM_SITE_MESSAGES.passwordTooLong };
  if ([rawUrl, login ?? '', password ?? ''].some((field) => /[\r\n]/.test(field))) return { reason: CUSTOM_SITE_MESSAGES.lineBreak };
  return { site: { module: input.module, ...normal, da, premium, login, password } };
}

/** Parses one line; `module` is given for a one-module import, read from the line otherwise. */
export function parseCustomSiteLine(line: string, module: CustomSiteModule | null): { site: CustomSiteFields } | { reason: string } {
  const parts = line.split(CUSTOM_SITE_SEPARATOR);
  let siteModule = module;
  if (!siteModule) {
    const first = parts.shift() ?? '';
    siteModule = customSiteModuleOf(first);
    if (!siteModule) return { reason: first.trim() ? CUSTOM_SITE_MESSAGES.moduleUnknown : CUSTOM_SITE_MESSAGES.moduleRequired };
  }
  const [url = '', da = '', premium = '', login = '', ...rest] = parts;
  return checkCustomSite({ module: siteModule, url, da, premium, login, password: rest.join(CUSTOM_SITE_SEPARATOR) });
}

/** A site's identity among the user's sites: module + normalised URL (re-imports update, never duplicate). */
export function customSiteIdentity(site: Pick<CustomSiteFields, 'module' | 'url'>): string {
  return `${site.module}\u0000${site.url}`;
}

/** Parses pasted text; blank lines are skipped; a later line of one identity replaces an earlier one. */
export function parseCustomSiteList(text: string, module: CustomSiteModule | null): { sites: CustomSiteFields[]; errors: LineError[] } {
  const byIdentity = new Map<string, CustomSiteFields>();
  const errors: LineError[] = [];
  splitLines(text).forEach((line, index) => {
    if (line.trim() === '') return;
    const parsed = parseCustomSiteLine(line, module);
    if ('reason' in parsed) errors.push({ line: index + 1, reason: parsed.reason });
    else byIdentity.set(customSiteIdentity(parsed.site), parsed.site);
  });
  return { sites: [...byIdentity.values()], errors };
}

/** One Export All line: every field, in Import All's order. */
export function formatCustomSiteLine(site: CustomSiteFields): string {
  return [site.module, site.url, site.da ?? '', site.premium ? PREMIUM_FLAG : '', site.login ?? '', site.password ?? ''].join(CUSTOM_SITE_SEPARATOR);
}
