import type { Kysely } from 'kysely';
import {
  checkPrivateSite, formatLineError, parsePrivateSiteList, siteIdentity, trimSiteFields,
  type BulkUploadPrivateSitesBody, type ImportPrivateSitesBody, type PrivateModule, type PrivateSiteFields,
  type PrivateSiteImportResult,
} from '@linkloom/shared';
import type { AppContext } from '../../app-context';
import type { DB } from '../../platform/db/schema';
import { assertOwned } from '../../platform/auth/ownership';
import { inBatches } from '../../platform/db/batches';
import { upsertSites } from './private-sites.repository';
import { accountsAfter } from '../accounts/accounts.repository';
import { publishSitesChanged } from './private-networks.live';

interface Target {
  ownerId: number;
  networkId: number;
}

/** Keeps the last of several rows with one identity (one upsert statement may not touch a row twice). */
function lastPerIdentity(sites: readonly PrivateSiteFields[]): PrivateSiteFields[] {
  return [...new Map(sites.map((site) => [siteIdentity(site), site])).values()];
}

/** Writes the valid sites in one transaction, then tells the screens (after the commit). */
async function writeSites(
  ctx: AppContext, target: Target, sites: PrivateSiteFields[], options: { selfHosted: boolean; module: PrivateModule | undefined },
): Promise<number> {
  if (sites.length === 0) return 0;
  await ctx.database.db.transaction().execute((trx) => upsertSites(trx, sites, { ...target, ...options }));
  await publishSitesChanged(ctx, target, 'PrivateSiteAdded', sites.length);
  return sites.length;
}

/**
 * Manual import (POST /action/import/private_network/{id}): every valid line is added or updated,
 * each refused line is reported as 'Line N: reason'. Another user's network answers 404.
 */
export async function importSiteList(ctx: AppContext, target: Target, body: ImportPrivateSitesBody): Promise<PrivateSiteImportResult> {
  await assertOwned(ctx.database.db, 'private_networks', target.networkId, target.ownerId);
  const { sites, errors } = parsePrivateSiteList(body.siteList);
  const imported = await writeSites(ctx, target, sites, { selfHosted: body.selfHosted ?? false, module: body.module });
  return { errorList: errors.map((error) => formatLineError(error)), imported };
}

/** Bulk upload (PUT /rest/private_network_bulk_upload/{id}): structured rows, refused ones as 'Row N: reason'. */
export async function bulkUploadSites(ctx: AppContext, target: Target, body: BulkUploadPrivateSitesBody): Promise<PrivateSiteImportResult> {
  await assertOwned(ctx.database.db, 'private_networks', target.networkId, target.ownerId);
  const valid: PrivateSiteFields[] = [];
  const errorList: string[] = [];
  body.sites.forEach((row, index) => {
    const site = trimSiteFields(row);
    const reason = checkPrivateSite(site);
    if (reason) errorList.push(formatLineError({ line: index + 1, reason }, 'Row'));
    else valid.push(site);
  });
  const imported = await writeSites(ctx, target, lastPerIdentity(valid), { selfHosted: body.selfHosted ?? false, module: body.module });
  return { errorList, imported };
}

/** The accounts of one profile (checked to be the user's), a batch at a time (a profile may hold very many), passwords in clear. */
function accountsOf(db: Kysely<DB>, profileId: number) {
  return inBatches((afterId, limit) => accountsAfter(db, profileId, afterId, limit));
}

/**
 * Import from an account profile: the profile's accounts become sites of the network (site name →
 * site URL). Accounts that are not valid sites are reported by site and email. Both the network
 * and the profile must be the user's (404 otherwise). Read and written in one transaction.
 */
export async function importProfileAccounts(ctx: AppContext, target: Target, profileId: number): Promise<PrivateSiteImportResult> {
  const { db } = ctx.database;
  await assertOwned(db, 'private_networks', target.networkId, target.ownerId);
  await assertOwned(db, 'profiles', profileId, target.ownerId);
  const errorList: string[] = [];
  const imported = await db.transaction().execute(async (trx) => {
    let written = 0;
    for await (const batch of accountsOf(trx, profileId)) {
      const valid: PrivateSiteFields[] = [];
      for (const account of batch) {
        const site = trimSiteFields({ siteUrl: account.site_name, email: account.email, username: account.username, password: account.password });
        const reason = checkPrivateSite(site);
        if (reason) errorList.push(`Account ${account.site_name} (${account.email}): ${reason}`);
        else valid.push(site);
      }
      const unique = lastPerIdentity(valid);
      await upsertSites(trx, unique, { ...target, selfHosted: false, module: undefined });
      written += unique.length;
    }
    return written;
  });
  if (imported > 0) await publishSitesChanged(ctx, target, 'PrivateSiteAdded', imported);
  return { errorList, imported };
}
