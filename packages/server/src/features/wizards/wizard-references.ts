import type { Kysely } from 'kysely';
import { isPrivateModule, type Wizard } from '@linkloom/shared';
import type { DB } from '../../platform/db/schema';
import { NotFoundError } from '../../platform/http/errors';
import { getWizard } from './wizards.repository';
import { findCampaign } from '../campaigns/campaigns.repository';
import type { TierSites } from './tier-sites';

/** What Create Campaign learnt while checking the wizard's ids. */
export interface WizardReferences {
  /** Each existing account profile the wizard names, with its campaign (the posting form's campaign choice). */
  profileCampaigns: Map<number, number>;
  /** The source campaign's profiles by name (duplicating with 'Use same accounts'). */
  sourceProfiles: Map<string, number>;
}

async function ownedIds(db: Kysely<DB>, table: 'content_groups' | 'private_networks', ownerId: number, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom(table).select('id').where('owner_id', '=', ownerId).where('id', 'in', [...new Set(ids)]).execute();
  return new Set(rows.map((row) => row.id));
}

function assertAll(ids: readonly number[], found: { has(id: number): boolean }, label: string): void {
  const missing = ids.find((id) => !found.has(id));
  if (missing !== undefined) throw new NotFoundError(`${label} (id ${missing}) does not exist`);
}

/**
 * Every id a wizard carries must be the user's row (another user's answers 404 exactly like a
 * missing one, and nothing is created): the wizard itself, the source campaign, each tier's site
 * selection and picked sites, content groups, account profiles and private networks.
 */
export async function checkWizardReferences(
  db: Kysely<DB>, ownerId: number, wizard: Wizard, options: { sourceCampaignId: number | null; sites: TierSites },
): Promise<WizardReferences> {
  if (wizard.id !== null) await getWizard(db, ownerId, wizard.id);
  const sourceProfiles = new Map<string, number>();
  if (options.sourceCampaignId !== null) {
    if (!(await findCampaign(db, ownerId, options.sourceCampaignId))) throw new NotFoundError(`The campaign (id ${options.sourceCampaignId}) does not exist`);
    const rows = await db.selectFrom('profiles').select(['id', 'name'])
      .where('owner_id', '=', ownerId).where('campaign_id', '=', options.sourceCampaignId).orderBy('id', 'asc').execute();
    for (const row of rows) if (!sourceProfiles.has(row.name)) sourceProfiles.set(row.name, row.id);
  }
  for (const tier of wizard.tierSiteSelection) await options.sites.check(tier);

  const groups = wizard.content.map((tier) => tier.contentGroupId).filter((id): id is number => id !== null);
  assertAll(groups, await ownedIds(db, 'content_groups', ownerId, groups), 'The content group');

  const networks = wizard.projects.filter((p) => isPrivateModule(p.module) && p.profileId !== null).map((p) => p.profileId!);
  assertAll(networks, await ownedIds(db, 'private_networks', ownerId, networks), 'The private network');

  const profiles = wizard.projects.filter((p) => !isPrivateModule(p.module) && p.profileId !== null).map((p) => p.profileId!);
  const profileCampaigns = new Map<number, number>();
  if (profiles.length > 0) {
    const rows = await db.selectFrom('profiles').select(['id', 'campaign_id'])
      .where('owner_id', '=', ownerId).where('id', 'in', [...new Set(profiles)]).execute();
    for (const row of rows) profileCampaigns.set(row.id, row.campaign_id);
  }
  assertAll(profiles, profileCampaigns, 'The account profile');
  return { profileCampaigns, sourceProfiles };
}
