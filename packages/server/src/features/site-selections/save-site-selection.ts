import type { Kysely } from 'kysely';
import { siteKey, type SaveSiteSelectionBodySchema, type SiteSelectionRecord } from '@linkloom/shared';
import type { z } from 'zod';
import type { DB } from '../../platform/db/schema';
import { listUserSites } from '../private-networks/list-user-sites';
import { getSiteSelection, replaceSelectedItems, updateSiteSelection } from './site-selections.repository';
import { presentSiteSelection } from './site-selections.presenter';

type SaveBody = z.output<typeof SaveSiteSelectionBodySchema>;

/**
 * POST /rest/site_selections/{id} (Save Changes): the selection's type and filters (and name when
 * sent), and its ticked sites and platforms, replaced in one transaction. Ticks of sites that are
 * not the user's (or no longer exist) are dropped, never stored. Another user's id answers 404.
 * Answers the selection as saved and whether its name changed (for the live `edited`).
 */
export async function saveSiteSelection(
  db: Kysely<DB>, ownerId: number, id: number, body: SaveBody,
): Promise<{ selection: SiteSelectionRecord; renamed: boolean }> {
  const before = await getSiteSelection(db, ownerId, id);
  const own = new Set((await listUserSites(db, ownerId, undefined)).map((entry) => siteKey(entry.id)));
  const sites = new Map<string, { module: string; siteId: number }>();
  for (const { id: site } of body.selectedSites) {
    const key = siteKey(site);
    if (own.has(key)) sites.set(key, { module: site.module, siteId: site.siteId });
  }
  const platforms = new Map(body.selectedPlatforms.map(({ id: p }) => [`${p.module}\u0000${p.platform}`, { module: p.module, platform: p.platform }]));
  const fields = body.siteSelection;
  await db.transaction().execute(async (trx) => {
    await updateSiteSelection(trx, ownerId, id, {
      ...(fields.name === undefined ? {} : { name: fields.name }),
      selection_type: fields.siteSelectionType,
      img: fields.img ? 1 : 0,
      video: fields.video ? 1 : 0,
      dofollow: fields.dofollow ? 1 : 0,
      min_pr: fields.minPR,
    });
    await replaceSelectedItems(trx, id, [...sites.values()], [...platforms.values()]);
  });
  const after = await getSiteSelection(db, ownerId, id);
  return { selection: presentSiteSelection(after), renamed: after.name !== before.name };
}
