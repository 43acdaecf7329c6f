import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema';
import { secretBoxOf } from '../../platform/crypto/database-secrets';
import type { PublishTarget } from '../connectors/connector';
import { isBlockedSite } from '../seams';
import { siteIdOfKey, TARGET_MESSAGES } from '../runner/publish-target';

/** The site an account is registered on, its platform, and the administrator's login a WordPress site needs. */
export interface RegistrationSite {
  platform: string;
  admin: PublishTarget;
}

export type RegistrationSiteResult = { ok: true; site: RegistrationSite } | { ok: false; error: string };

/**
 * The site of an account creation row (`Module:id`): the user's custom site of that id first (its
 * stored login), else the private network site of that id (the network's login). A site blocked
 * in the options is never registered on (asked afresh before every attempt).
 */
export async function registrationSite(db: Kysely<DB>, ownerId: number, siteKey: string): Promise<RegistrationSiteResult> {
  const siteId = siteIdOfKey(siteKey);
  if (siteId === null) return { ok: false, error: TARGET_MESSAGES.siteGone };
  const box = secretBoxOf(db);
  const custom = await db.selectFrom('custom_sites').select(['url', 'platform', 'login', 'password_sealed'])
    .where('owner_id', '=', ownerId).where('id', '=', siteId).executeTakeFirst();
  const site = custom
    ? { siteUrl: custom.url, platform: custom.platform, username: custom.login ?? '', password: custom.password_sealed ? box.open(custom.password_sealed) : '' }
    : await db.selectFrom('private_sites').select(['site_url', 'platform', 'username', 'password'])
      .where('owner_id', '=', ownerId).where('id', '=', siteId).executeTakeFirst()
      .then((row) => row && { siteUrl: row.site_url, platform: row.platform, username: row.username, password: box.open(row.password) });
  if (!site) return { ok: false, error: TARGET_MESSAGES.siteGone };
  if (await isBlockedSite(db, ownerId, site.siteUrl)) return { ok: false, error: REGISTRATION_MESSAGES.blocked(site.siteUrl) };
  return { ok: true, site: { platform: site.platform, admin: { siteUrl: site.siteUrl, username: site.username, password: site.password } } };
}

export const REGISTRATION_MESSAGES = {
  blocked: (siteUrl: string) => `${siteUrl} is one of your blocked sites (Options, Blocked Sites): no account was created there`,
  noRegister: (siteUrl: string, platform: string) => `${siteUrl}: LinkLoom cannot create accounts on ${platform || 'this kind of'} sites (WordPress and MediaWiki only)`,
  noAdmin: (siteUrl: string) => `${siteUrl}: accounts on a WordPress site are created with an administrator's login: add the site's login (user name and application password) on the Sites screen`,
  noAddress: 'No unused address left in the email manager: add mailboxes there (or choose another email source) and start again',
  noManualAddress: 'The Email tab has no address to register with: enter the verification email',
  namesTaken: (siteUrl: string, tries: number) => `${siteUrl}: the user name and ${tries - 1} variants of it are taken: choose another user name`,
} as const;
