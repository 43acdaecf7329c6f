import { checkCustomSite, type AddCustomSiteBody, type CustomSiteRow } from '@linkloom/shared';
import type { AppContext } from '../../app-context';
import { HttpError } from '../../platform/http/errors';
import { customSitesByIds, upsertCustomSites } from './custom-sites.repository';
import { presentCustomSite } from './custom-sites.presenter';

/**
 * Add (PUT /rest/custom_sites): one site of a module, optionally with its login and password and
 * the user's DA. A site already listed under that module and URL is updated, not duplicated.
 */
export async function addCustomSite(ctx: AppContext, ownerId: number, body: AddCustomSiteBody): Promise<CustomSiteRow> {
  const checked = checkCustomSite({ ...body, login: body.login ?? null, password: body.password ?? null, da: body.da ?? null });
  if ('reason' in checked) throw new HttpError(422, checked.reason);
  const { db } = ctx.database;
  const [id] = await db.transaction().execute((trx) => upsertCustomSites(trx, ownerId, [checked.site]));
  const [row] = await customSitesByIds(db, ownerId, [id!]);
  ctx.live?.publish(ownerId, 'custom_sites', 'sitesInserted', { ids: [id!] });
  return presentCustomSite(row!);
}
