import type { Kysely } from 'kysely';
import { MODULES, TIER_SITE_TYPES, projectKind, type WizardCounts } from '@linkloom/shared';
import type { DB } from '../../platform/db/schema';
import { listSiteSelections } from '../site-selections/site-selections.repository';
import { listNetworks } from '../private-networks/private-networks.repository';
import { listContentGroups } from '../content/content-groups.repository';
import { TierSites } from './tier-sites';

/** The modules a wizard's posting projects run (the ones All Sites and site selections are counted for). */
const POSTING_MODULES = Object.keys(MODULES).filter((module) => projectKind(module) === 'postingproject');

/** What one of the user's content groups can give: its articles, those never used, and the uses left under its max usage per article (null: unlimited). */
async function articleCounts(db: Kysely<DB>, ownerId: number, ids: readonly number[]): Promise<WizardCounts['contentGroups']> {
  const groups = (await listContentGroups(db, ownerId)).filter((group) => ids.includes(group.id));
  if (groups.length === 0) return [];
  const usages = await db.selectFrom('articles').select(['content_group_id', 'usage_count', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('owner_id', '=', ownerId).where('content_group_id', 'in', groups.map((group) => group.id))
    .groupBy(['content_group_id', 'usage_count']).execute();
  return groups.map((group) => {
    const rows = usages.filter((row) => row.content_group_id === group.id).map((row) => ({ usage: Number(row.usage_count), n: Number(row.n) }));
    const max = group.max_usage_per_article;
    return {
      id: group.id, name: group.name,
      articles: rows.reduce((sum, row) => sum + row.n, 0),
      unused: rows.filter((row) => row.usage === 0).reduce((sum, row) => sum + row.n, 0),
      usesLeft: max > 0 ? rows.reduce((sum, row) => sum + Math.max(0, max - row.usage) * row.n, 0) : null,
    };
  });
}

/** The email manager's unused mailboxes (what Auto Download From Email List takes: catch-all patterns excluded) and whether a catch-all exists. */
async function mailboxCounts(db: Kysely<DB>, ownerId: number): Promise<WizardCounts['mailboxes']> {
  const unused = await db.selectFrom('user_emails').select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('owner_id', '=', ownerId).where('used', '=', 0).where('address', 'not like', '%*%').where('address', 'not like', '%{%')
    .executeTakeFirstOrThrow();
  const catchAll = await db.selectFrom('user_emails').select('id').where('owner_id', '=', ownerId)
    .where((eb) => eb.or([eb('address', 'like', '%*%@%'), eb('address', 'like', '%{%|%}%@%')])).limit(1).executeTakeFirst();
  return { unused: Number(unused.n), catchAll: catchAll !== undefined };
}

/**
 * What a wizard's Confirm tab weighs its plan against (GET /rest/xwizard/counts, issue 35), the
 * user's own only: the sites All Sites and each asked site selection give a project of each posting
 * module, the sites of each asked private network — through the same TierSites Create Campaign
 * ticks them with — the articles of each asked content group, and the mailboxes. Ids that are not
 * the user's are left out, as missing ones are.
 */
export async function loadWizardCounts(
  db: Kysely<DB>, ownerId: number, ids: { siteSelectionIds?: number[] | undefined; contentGroupIds?: number[] | undefined; privateNetworkIds?: number[] | undefined },
  sites: TierSites = new TierSites(db, ownerId),
): Promise<WizardCounts> {
  const perModule = async (choice: { type: 1 | 2; siteSelectionId: number | null }) => {
    const counts: Record<string, number> = {};
    for (const module of POSTING_MODULES) counts[module] = (await sites.keysFor({ ...choice, selectedSites: [] }, module)).length;
    return counts;
  };
  const selections = (await listSiteSelections(db, ownerId)).filter((selection) => ids.siteSelectionIds?.includes(selection.id) === true);
  const networks = (await listNetworks(db, ownerId)).filter((network) => ids.privateNetworkIds?.includes(network.id) === true);
  return {
    sites: await perModule({ type: TIER_SITE_TYPES.allSites, siteSelectionId: null }),
    siteSelections: await Promise.all(selections.map(async (selection) => ({
      id: selection.id, name: selection.name, sites: await perModule({ type: TIER_SITE_TYPES.siteSelection, siteSelectionId: selection.id }),
    }))),
    privateNetworks: await Promise.all(networks.map(async (network) => ({ id: network.id, name: network.name, sites: (await sites.networkKeys(network.id)).length }))),
    contentGroups: await articleCounts(db, ownerId, ids.contentGroupIds ?? []),
    mailboxes: await mailboxCounts(db, ownerId),
  };
}
