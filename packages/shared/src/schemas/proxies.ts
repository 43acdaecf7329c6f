import { z } from 'zod';
import { MAX_PROXIES_PER_ADD, PROXY_MESSAGES } from '../domain/proxy-lines';
import { BLOCKED_SITE_MESSAGES, MAX_BLOCKED_SITES_PER_ADD } from '../domain/blocked-sites';

/** Proxy statuses: NEW until checked, then WORKING or FAILED. The engine uses every proxy not FAILED. */
export const PROXY_STATUSES = ['NEW', 'WORKING', 'FAILED'] as const;
export type ProxyStatus = (typeof PROXY_STATUSES)[number];

/** The proxy monitor (Check / Stop checking) of the Proxy tab (spec 3 section 3). */
export const PROXY_MONITOR_STATES = ['NEW', 'CHECKING', 'STOPPING'] as const;
export type ProxyMonitorState = (typeof PROXY_MONITOR_STATES)[number];

const SELECT_ONE = 'Select at least one item';

/** Proxy checks (GET /action/check/proxies): every proxy fetches the judge URL, this many at once, each within the timeout. */
export const PROXY_CHECK = {
  concurrency: 500,
  timeoutMs: 10_000,
  /** Used when the options name no judge URL: answers 204 to anyone. */
  defaultJudgeUrl: 'http://www.gstatic.com/generate_204',
  /**
   * Work held for a live proxy (Use Proxy / Use proxy for posting on, none alive) starts this
   * check by itself when the user's proxies were last checked longer ago than this (issue 15).
   */
  autoRecheckAfterMs: 10 * 60_000,
} as const;

/** GET /action/check/proxies and /action/stop_checking/proxies answer the monitor's state. */
export const ProxyMonitorResponseSchema = z.object({ proxyMonitorState: z.enum(PROXY_MONITOR_STATES) });

export const PROXY_CHECK_MESSAGES = {
  noProxies: 'Add proxies before checking them',
  failed: 'Failed to start or stop checking proxies.',
} as const;

/** A proxy row's key: its address and port. */
export const ProxyIdSchema = z.object({
  address: z.string({ error: PROXY_MESSAGES.address }).trim().toLowerCase().min(1, { error: PROXY_MESSAGES.address }).max(253, { error: PROXY_MESSAGES.address }),
  port: z.number({ error: PROXY_MESSAGES.port }).int({ error: PROXY_MESSAGES.port }).min(1, { error: PROXY_MESSAGES.port }).max(65_535, { error: PROXY_MESSAGES.port }),
});
export type ProxyId = z.infer<typeof ProxyIdSchema>;

/** One row of the proxy table (IP Address, Port, Status); credentials never leave the server. */
export const ProxyRowSchema = z.object({
  id: ProxyIdSchema,
  proxyStatus: z.enum(PROXY_STATUSES),
  /** After a check that found it alive: the judge URL's answer time through it and what it speaks. */
  latencyMs: z.number().int().optional(),
  protocol: z.enum(['http', 'socks5']).optional(),
  /** After a check that found it dead: why. */
  reason: z.string().optional(),
});
export type ProxyRow = z.infer<typeof ProxyRowSchema>;

/** One row of the blocked sites grid: the domain is its id. */
export const BlockedSiteRowSchema = z.object({ id: z.string() });
export type BlockedSiteRow = z.infer<typeof BlockedSiteRowSchema>;

/**
 * POST /rest/proxies: the list of proxy texts (each one or more lines of `ip:port` or
 * `ip:port:username:password`), or the dialog's text as one string.
 */
export const AddProxiesBodySchema = z.union([
  z.string().max(5_000_000),
  z.array(z.string().max(5_000_000)).max(MAX_PROXIES_PER_ADD, { error: PROXY_MESSAGES.tooMany }),
], { error: PROXY_MESSAGES.required });
export type AddProxiesBody = z.infer<typeof AddProxiesBodySchema>;

/**
 * The refused lines of a list that was written in part (issue 39 item 4): 'Line 2: …' each, by
 * its number in the text (shared listLineErrors); empty when every line was taken.
 */
const RefusedLinesSchema = z.array(z.string());

/**
 * POST /rest/proxies answers the proxies it wrote (added, or updated by address and port) and
 * the lines it refused; a list without one good line is refused whole (422 naming the lines).
 */
export const AddProxiesResponseSchema = z.object({ proxies: z.array(ProxyRowSchema), errorList: RefusedLinesSchema });

/** DELETE /rest/proxies: the address and port of each proxy to delete. */
export const DeleteProxiesBodySchema = z.array(ProxyIdSchema, { error: SELECT_ONE }).min(1, { error: SELECT_ONE }).max(MAX_PROXIES_PER_ADD);
export type DeleteProxiesBody = z.infer<typeof DeleteProxiesBodySchema>;

/** POST /rest/blocked_sites: the list of sites (each one or more lines), or the dialog's text as one string. */
export const AddBlockedSitesBodySchema = z.union([
  z.string().max(5_000_000),
  z.array(z.string().max(5_000_000)).max(MAX_BLOCKED_SITES_PER_ADD, { error: BLOCKED_SITE_MESSAGES.tooMany }),
], { error: BLOCKED_SITE_MESSAGES.required });
export type AddBlockedSitesBody = z.infer<typeof AddBlockedSitesBodySchema>;

/** POST /rest/blocked_sites answers the sites it added (those already blocked are left out). */
/** POST /rest/blocked_sites answers the sites it added and the lines it refused (as proxies do). */
export const AddBlockedSitesResponseSchema = z.object({ blockedSites: z.array(BlockedSiteRowSchema), errorList: RefusedLinesSchema });

/** DELETE /rest/blocked_sites: the ids (domains) to delete. */
export const DeleteBlockedSitesBodySchema = z.array(z.string({ error: SELECT_ONE }).max(300), { error: SELECT_ONE })
  .min(1, { error: SELECT_ONE }).max(MAX_BLOCKED_SITES_PER_ADD);
export type DeleteBlockedSitesBody = z.infer<typeof DeleteBlockedSitesBodySchema>;

/** DELETE /rest/proxies and DELETE /rest/blocked_sites: how many rows went. */
export const DeletedCountResponseSchema = z.object({ deleted: z.number().int() });

/** A stored status as one of PROXY_STATUSES (anything unknown reads as NEW: not checked). */
export function toProxyStatus(value: string): ProxyStatus {
  return (PROXY_STATUSES as readonly string[]).includes(value) ? value as ProxyStatus : 'NEW';
}
