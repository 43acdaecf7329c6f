import type { Kysely } from 'kysely';
import { projectKind, type NamedCount, type ProjectScreen, type ProjectSibling } from '@linkloom/shared';
import type { DB } from '../../platform/db/schema';
import { NotFoundError } from '../../platform/http/errors';
import { findCampaign, listCampaigns } from '../campaigns/campaigns.repository';
import { listProfiles } from '../profiles/profiles.repository';
import { listLinkSets } from '../link-sets/link-sets.repository';
import { listContentGroups } from '../content/content-groups.repository';
import { listNetworks } from '../private-networks/private-networks.repository';
import { findProject, listProjects, projectSettings, type ProjectRecord } from './projects.repository';
import { presentProject } from './projects.presenter';
import { readProjectForm } from './project-settings';
import { withLiveReferences } from './project-references';
import { availableSites, siteRows } from './project-site-sources';
import { projectSiteStates } from './project-sites.repository';

const named = (row: { id: number; name: string; count: number | string | bigint }): NamedCount => ({ id: row.id, name: row.name, count: Number(row.count) });
const sibling = (row: ProjectRecord): ProjectSibling => ({ id: row.id, name: row.name, module: row.module, status: row.status });

/**
 * Everything a project screen shows (GET /rest/project/{id}): the project with its form, its
 * campaign and sibling projects (schedule parents), its site grid, and the choices its kind offers.
 */
export async function loadProjectScreen(db: Kysely<DB>, ownerId: number, projectId: number): Promise<ProjectScreen> {
  const record = await findProject(db, ownerId, projectId);
  const settings = await projectSettings(db, ownerId, projectId);
  const campaign = record && await findCampaign(db, ownerId, record.campaign_id);
  if (!record || settings === undefined || !campaign) throw new NotFoundError();

  const { kind, form } = await withLiveReferences(db, ownerId, readProjectForm(projectKind(record.module), settings));
  const [siblings, states] = await Promise.all([listProjects(db, ownerId, campaign.id), projectSiteStates(db, ownerId, projectId)]);
  const privateNetworkId = kind === 'privateproject' ? form.profileId : null;
  const sites = siteRows(await availableSites(db, ownerId, { kind, module: record.module, privateNetworkId }), states);
  const common = {
    campaign: { id: campaign.id, name: campaign.name },
    siblings: siblings.filter((row) => row.id !== projectId).map(sibling),
    sites,
  };
  const row = presentProject(record);
  const urlLists = async () => (await listLinkSets(db, ownerId, campaign.id)).map(named);
  const contentGroups = async () => (await listContentGroups(db, ownerId)).map(named);

  switch (kind) {
    case 'acproject':
      return { kind, project: { ...row, ...form }, ...common, profiles: (await listProfiles(db, ownerId, campaign.id)).map(named) };
    case 'indexerproject':
      return { kind, project: { ...row, ...form }, ...common, urlLists: await urlLists() };
    case 'privateproject':
      return {
        kind, project: { ...row, ...form }, ...common,
        profiles: (await listNetworks(db, ownerId)).map(named), urlLists: await urlLists(), contentGroups: await contentGroups(),
      };
    case 'postingproject': {
      // A new project (or one whose chosen campaign is gone) offers its own campaign's profiles.
      const selectedCampaignId = form.selectedCampaignId ?? campaign.id;
      return {
        kind, project: { ...row, ...form, selectedCampaignId }, ...common,
        campaigns: (await listCampaigns(db, ownerId)).map(({ id, name }) => ({ id, name })),
        selectedCampaignId,
        profiles: (await listProfiles(db, ownerId, selectedCampaignId)).map(named),
        urlLists: await urlLists(),
        contentGroups: await contentGroups(),
      };
    }
  }
}
