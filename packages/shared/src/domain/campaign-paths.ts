import type { ModuleId } from '../constants/modules';
import type { ProjectSchedule } from '../schemas/projects';

/**
 * The screen that shows a project, chosen by its module (spec 1 §2): account creation, private
 * kinds (Private, PrivateBookmark and any other Private*), indexer, and posting for the rest.
 */
export function projectScreenPath(module: ModuleId | string, id: number): string {
  if (module === 'AccountCreation') return `/acproject/${id}`;
  if (module.startsWith('Private')) return `/privateproject/${id}`;
  if (module === 'Indexer') return `/indexerproject/${id}`;
  return `/project/${id}`;
}

/** The wizard route that creates a campaign from a strategy. */
export function newCampaignPath(strategyId: number, campaignName: string): string {
  return `/newcampaign/${strategyId}?${new URLSearchParams({ campaignName })}`;
}

/** The wizard route that starts a new wizard from a strategy (its Save Wizard stores it under this name). */
export function newWizardPath(strategyId: number, wizardName: string): string {
  return `/newwizard/${strategyId}?${new URLSearchParams({ wizardName: wizardName.trim() })}`;
}

/** The wizard route that duplicates a wizard-made campaign. */
export function duplicateCampaignPath(campaignId: number, campaignName: string, useSameAccounts: boolean): string {
  return `/duplicatecampaign/${campaignId}?${new URLSearchParams({ campaignName, useSameAccounts: String(useSameAccounts) })}`;
}

/**
 * One line describing when a project runs, for the Schedule Description column: how long
 * (once or spread over n days) and what starts it (a fixed date or other projects).
 */
export function describeSchedule(schedule: ProjectSchedule | null | undefined): string {
  if (!schedule || !schedule.scheduleType) return '';
  const duration = schedule.durationType === 'Spread' && schedule.nDay
    ? `Spread over ${schedule.nDay} day${schedule.nDay === 1 ? '' : 's'}`
    : 'Runs once';
  const posts = schedule.numberOfPosts !== undefined
    ? `, ${schedule.numberOfPosts === 0 ? 'unlimited' : schedule.numberOfPosts} post${schedule.numberOfPosts === 1 ? '' : 's'}`
    : '';
  if (schedule.scheduleType === 'AfterProject') {
    const ids = schedule.sourceProjectIds ?? (schedule.sourceProjectId ? [schedule.sourceProjectId] : []);
    const after = ids.length === 0 ? 'after other projects' : `after project${ids.length === 1 ? '' : 's'} ${ids.map((id) => `#${id}`).join(', ')}`;
    return `${duration}${posts} ${after}`;
  }
  return `${duration}${posts} from a fixed date`;
}
