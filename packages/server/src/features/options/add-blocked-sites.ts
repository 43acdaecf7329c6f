import {
  BLOCKED_SITE_MESSAGES, MAX_BLOCKED_SITES_PER_ADD, listLineErrors, parseBlockedSiteList, type AddBlockedSitesBody, type BlockedSiteRow,
} from '@linkloom/shared';
import type { AppContext } from '../../app-context';
import { HttpError } from '../../platform/http/errors';
import { lineErrors } from './line-errors';
import { presentBlockedSite } from './options.presenter';
import { addBlockedSites } from './blocked-sites.repository';

/**
 * POST /rest/blocked_sites: one site per line (a domain, a host or a URL: kept as its domain
 * without `www.`). The good lines are written and the bad ones refused by their number (issue 39
 * item 4); a list without one good line is refused whole (422 naming the bad lines). Sites already
 * blocked are skipped; the grid hears blockedSitesAdded with the ones added.
 */
export async function addBlockedSiteList(ctx: AppContext, ownerId: number, body: AddBlockedSitesBody): Promise<{ blockedSites: BlockedSiteRow[]; errorList: string[] }> {
  const { domains, errors } = parseBlockedSiteList(body);
  if (domains.length === 0) throw errors.length > 0 ? lineErrors(errors) : new HttpError(422, BLOCKED_SITE_MESSAGES.required);
  if (domains.length > MAX_BLOCKED_SITES_PER_ADD) throw new HttpError(422, BLOCKED_SITE_MESSAGES.tooMany);
  const added = await ctx.database.db.transaction().execute((trx) => addBlockedSites(trx, ownerId, domains));
  if (added.length > 0) ctx.live?.publish(ownerId, 'blocked_sites', 'blockedSitesAdded', { ids: added });
  return { blockedSites: added.map(presentBlockedSite), errorList: listLineErrors(errors) };
}
