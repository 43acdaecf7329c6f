import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema';
import type { PublishTarget } from '../connectors/connector';
import { perDatabase } from './memo';
import { secretBoxOf } from '../../platform/crypto/database-secrets';
import { isBlockedSite } from '../seams';

/** Where a post goes and as whom, with the site's platform (`WordPress`, `Unknown`, …). */
export interface PostTarget extends PublishTarget {
  platform: string;
  /** Posting projects: the account of the profile used (accounts are named by email). */
  accountEmail: string | null;
}

export type TargetResult = { ok: true; target: PostTarget } | { ok: false; error: string };

export interface SiteAccount {
  id: number;
  email: string;
  username: string;
  password: string;
}

/** `https://www.Example.com/blog` and `example.com` → `example.com`: how accounts name their site. */
export function siteHost(site: string): string | null {
  // `www.` goes first: `www.127.0.0.1:8080` is no valid URL host, but names the same site.
  const trimmed = site.trim().replace(/^([a-z][a-z0-9+.-]*:\/\/)?www\./i, '$1');
  if (trimmed === '') return null;
  try {
    const url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `http://${trimmed}`);
    return url.host.toLowerCase();
  } catch {
    return null;
  }
}

/** The accounts of a profile for one site (matched by host, `www.` ignored), oldest first, passwords in clear. */
export async function accountsForSite(db: Kysely<DB>, ownerId: number, profileId: number, siteUrl: string): Promise<SiteAccount[]> {
  const host = siteHost(siteUrl);
  if (!host) return [];
  const rows = await db.selectFrom('accounts').select(['id', 'site_name', 'email', 'username', 'password'])
    .where('owner_id', '=', ownerId).where('profile_id', '=', profileId)
    .where('site_name', 'like', `%${host.replace(/[%_\\]/g, (c) => `\\${c}`)}%`)
    .orderBy('id', 'asc').execute();
  const box = secretBoxOf(db);
  return rows.filter((row) => siteHost(row.site_name) === host).map(({ id, email, username, password }) => ({ id, email, username, password: box.open(password) }));
}

/** The site id in a site key: private keys are `siteId:email`, the others `module:siteId`. */
export function siteIdOfKey(siteKey: string): number | null {
  const match = /^(\d+):/.exec(siteKey) ?? /:(\d+)$/.exec(siteKey);
  const id = match ? Number(match[1]) : NaN;
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

export const TARGET_MESSAGES = {
  siteGone: 'The site was removed from your site list: nothing was published there',
  noAccount: (siteUrl: string, profile: string) => `${siteUrl}: the account profile "${profile}" has no account for this site: add one (site, email, username, password) and start again`,
  accountGone: (siteUrl: string) => `${siteUrl}: the account chosen for this site was deleted from the profile: start the project again`,
  blocked: (siteUrl: string) => `${siteUrl} is one of your blocked sites (Options, Blocked Sites): nothing was posted there`,
} as const;

/**
 * The site and credentials of a post: a private project's site with the network's stored login; a
 * posting project's site with the profile's account for that site (the one the post names).
 */
export async function resolveTarget(
  db: Kysely<DB>, ownerId: number,
  post: { site_key: string; account_email: string | null; run_id?: number },
  project: { kind: 'privateproject' | 'postingproject'; profileId: number | null },
): Promise<TargetResult> {
  // A run reads a site's login once per period (a new run always reads it afresh).
  const found = post.run_id === undefined ? await lookUpTarget(db, ownerId, post, project)
    : await targets(db).get(`${post.run_id}|${post.site_key}|${post.account_email ?? ''}`, () => lookUpTarget(db, ownerId, post, project));
  // Asked afresh before every post: a site blocked while the run goes is never posted to again.
  if (found.ok && (await isBlockedSite(db, ownerId, found.target.siteUrl))) return { ok: false, error: TARGET_MESSAGES.blocked(found.target.siteUrl) };
  return found;
}

const targets = perDatabase<string, TargetResult>(5_000, 2_000);

/**
 * A posting project's custom site (issue 13.6) by its key `Module:id`: the user's own site of that
 * module, with the platform the verifier detected. The key names the site's own module, which may
 * be another than the project's when the site's platform publishes both (ownSiteServesModule; the
 * run only plans the sites its project offers). A private site of the same module and id has the
 * same key (see ask-13b); the custom site is taken first.
 */
async function customSiteOfKey(db: Kysely<DB>, ownerId: number, siteKey: string): Promise<{ site_url: string; platform: string } | undefined> {
  const match = /^([A-Za-z][A-Za-z0-9]*):(\d+)$/.exec(siteKey);
  if (!match) return undefined;
  const row = await db.selectFrom('custom_sites').select(['url', 'platform'])
    .where('owner_id', '=', ownerId).where('id', '=', Number(match[2])).where('module', '=', match[1]!).executeTakeFirst();
  return row ? { site_url: row.url, platform: row.platform } : undefined;
}

async function lookUpTarget(
  db: Kysely<DB>, ownerId: number,
  post: { site_key: string; account_email: string | null },
  project: { kind: 'privateproject' | 'postingproject'; profileId: number | null },
): Promise<TargetResult> {
  const siteId = siteIdOfKey(post.site_key);
  const custom = project.kind === 'postingproject' ? await customSiteOfKey(db, ownerId, post.site_key) : undefined;
  const privateSite = custom || siteId === null ? undefined : await db.selectFrom('private_sites')
    .select(['site_url', 'platform', 'username', 'password', 'email'])
    .where('id', '=', siteId).where('owner_id', '=', ownerId).executeTakeFirst();
  const site = custom ?? privateSite;
  if (!site) return { ok: false, error: TARGET_MESSAGES.siteGone };
  if (project.kind === 'privateproject' && privateSite) {
    return { ok: true, target: { siteUrl: privateSite.site_url, platform: privateSite.platform, username: privateSite.username, password: secretBoxOf(db).open(privateSite.password), accountEmail: null } };
  }
  const profile = project.profileId === null ? undefined
    : await db.selectFrom('profiles').select(['id', 'name']).where('id', '=', project.profileId).where('owner_id', '=', ownerId).executeTakeFirst();
  const accounts = profile ? await accountsForSite(db, ownerId, profile.id, site.site_url) : [];
  if (accounts.length === 0) return { ok: false, error: TARGET_MESSAGES.noAccount(site.site_url, profile?.name ?? 'none') };
  const account = post.account_email === null ? accounts[0]! : accounts.find((candidate) => candidate.email === post.account_email);
  if (!account) return { ok: false, error: TARGET_MESSAGES.accountGone(site.site_url) };
  return { ok: true, target: { siteUrl: site.site_url, platform: site.platform, username: account.username, password: account.password, accountEmail: account.email } };
}

/** The profile's account after `email` for the site (the next one to try after an auth failure), if any. */
export async function nextAccount(db: Kysely<DB>, ownerId: number, profileId: number, siteUrl: string, email: string | null): Promise<SiteAccount | undefined> {
  const accounts = await accountsForSite(db, ownerId, profileId, siteUrl);
  const index = accounts.findIndex((account) => account.email === email);
  return accounts[index + 1];
}
