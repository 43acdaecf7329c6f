import { useMutation, useQuery, type QueryClient } from '@tanstack/react-query';
import {
  CampaignsWithProfilesResponseSchema, ContentGroupListResponseSchema, SiteListResponseSchema, DuplicateCampaignResponseSchema,
  PrivateNetworkListResponseSchema, RandomInfoSchema, SiteSelectionListResponseSchema, StrategyResponseSchema, WIZARD_MESSAGES,
  WizardCountsSchema, WizardCreateCampaignResponseSchema, WizardResponseSchema, WizardSaveResponseSchema, type Wizard, type WizardCounts,
} from '@linkloom/shared';
import { get, post, put } from '@/lib/http';
import { HttpError } from '@/lib/http-error';
import { toastFailure } from '@/lib/action-feedback';
import { compressedBody } from '../editor/wizard-model';
import { wizardKeys } from './wizard-keys';

/** The editor's calls (spec 2 §7 "Wizards", "Reference data used by the wizard"). */

const REFERENCE = { staleTime: 30_000, refetchOnWindowFocus: false } as const;

/** GET /rest/xwizards/{id}: a saved wizard. */
export function useSavedWizard(id: number | null) {
  return useQuery({
    queryKey: wizardKeys.wizard(id ?? 0),
    enabled: id !== null,
    queryFn: ({ signal }) => get(`/rest/xwizards/${id}`, { schema: WizardResponseSchema, signal, notFoundPage: true }),
    select: (answer) => answer.wizard,
    // The editor holds unsaved edits: it never reloads under the user.
    refetchOnWindowFocus: false,
    staleTime: Infinity,
  });
}

/** GET /rest/xwizards/{id} on demand: the wizard as saved now (another window saved it). */
export function loadSavedWizard(id: number) {
  return get(`/rest/xwizards/${id}`, { schema: WizardResponseSchema, silent: true }).then((answer) => answer.wizard);
}

/** GET /rest/strategies/{sid}: the strategy a new wizard or campaign starts from. */
export function useWizardStrategy(id: number | null) {
  return useQuery({
    queryKey: [...wizardKeys.all, 'strategy', id ?? 0],
    enabled: id !== null,
    queryFn: ({ signal }) => get(`/rest/strategies/${id}`, { schema: StrategyResponseSchema, signal, notFoundPage: true }),
    select: (answer) => answer.strategy,
    refetchOnWindowFocus: false,
    staleTime: Infinity,
  });
}

/** GET /rest/campaign/{cid}/xwizard: the wizard a campaign was made with (/duplicatecampaign/:cid). */
export function useDuplicateCampaignWizard(id: number | null, query: { campaignName?: string; useSameAccounts?: string }) {
  const params = new URLSearchParams();
  if (query.campaignName !== undefined) params.set('campaignName', query.campaignName);
  if (query.useSameAccounts !== undefined) params.set('useSameAccounts', query.useSameAccounts);
  return useQuery({
    queryKey: [...wizardKeys.all, 'duplicate', id ?? 0, params.toString()],
    enabled: id !== null,
    queryFn: ({ signal }) => get(`/rest/campaign/${id}/xwizard?${params.toString()}`, { schema: DuplicateCampaignResponseSchema, signal, notFoundPage: true, silent: true }),
    retry: false,
    refetchOnWindowFocus: false,
    staleTime: Infinity,
  });
}

/** Load a strategy on demand (the Strategy tab's selector). */
export function loadStrategy(id: number) {
  return get(`/rest/strategies/${id}`, { schema: StrategyResponseSchema }).then((answer) => answer.strategy);
}

/** POST /rest/xwizards (new) or /rest/xwizards/{id}: Save Wizard, compressed. */
export function useSaveWizard() {
  return useMutation({
    mutationFn: (wizard: Wizard) => {
      const url = wizard.id === null ? '/rest/xwizards' : `/rest/xwizards/${wizard.id}`;
      return post(url, { body: compressedBody(wizard), schema: WizardSaveResponseSchema, failure: WIZARD_MESSAGES.saveFailed });
    },
  });
}

/** What Create Campaign answered: the new campaign, or the tabs' field errors (422 with an array). */
export type CreateOutcome =
  | { ok: true; campaignId: number; wizardId: number | null }
  | { ok: false; body: unknown };

/**
 * PUT /action/create/xcampaign {saveWizard, wizard, sourceCampaignId}, compressed. A field-error
 * answer comes back as the outcome (the editor maps it to fields); other failures are toasted.
 */
export function useCreateCampaign() {
  return useMutation({
    mutationFn: async (input: { saveWizard: boolean; wizard: Wizard; sourceCampaignId: number | null }): Promise<CreateOutcome> => {
      try {
        const answer = await put('/action/create/xcampaign', { body: compressedBody(input), schema: WizardCreateCampaignResponseSchema, silent: true });
        return { ok: true, ...answer };
      } catch (error) {
        if (error instanceof HttpError && error.status === 422 && Array.isArray((error.body as { error?: unknown } | null)?.error)) {
          return { ok: false, body: error.body };
        }
        // One toast: what failed, the server's reason and what to do (issue 35).
        toastFailure(WIZARD_MESSAGES.createFailed, error);
        throw error;
      }
    },
  });
}

/** The ids the counts are asked for (shared wizardCountIds). */
export interface WizardCountIds {
  siteSelectionIds: number[];
  contentGroupIds: number[];
  privateNetworkIds: number[];
}

/**
 * GET /rest/xwizard/counts (issue 35): what the Confirm tab and Create Campaign weigh the plan
 * against — sites, articles, mailboxes. Read again when the window gets the focus back, as the user
 * may have imported mailboxes or added articles in another window through the tab's links.
 */
export function useWizardCounts(ids: WizardCountIds) {
  return useQuery({ ...wizardCountsQuery(ids), staleTime: 5_000, refetchOnWindowFocus: true });
}

/** The counts as they are now (Create Campaign checks with fresh ones); null when they cannot be read (the server checks anyway). */
export function fetchWizardCounts(queryClient: QueryClient, ids: WizardCountIds): Promise<WizardCounts | null> {
  return queryClient.fetchQuery({ ...wizardCountsQuery(ids), staleTime: 0 }).catch(() => null);
}

function wizardCountsQuery(ids: WizardCountIds) {
  const params = new URLSearchParams({
    siteSelectionIds: ids.siteSelectionIds.join(','), contentGroupIds: ids.contentGroupIds.join(','), privateNetworkIds: ids.privateNetworkIds.join(','),
  }).toString();
  return {
    queryKey: [...wizardKeys.all, 'counts', params],
    queryFn: ({ signal }: { signal: AbortSignal }) => get(`/rest/xwizard/counts?${params}`, { schema: WizardCountsSchema, signal, failure: 'Failed to check what the campaign needs' }),
  };
}

/** Reference data of the tabs: site selections, content groups, private networks, account profiles, sites. */
export function useSiteSelectionOptions() {
  return useQuery({ queryKey: [...wizardKeys.all, 'ref', 'site-selections'], queryFn: ({ signal }) => get('/rest/site_selections', { schema: SiteSelectionListResponseSchema, signal }), ...REFERENCE });
}
export function useContentGroupOptions() {
  return useQuery({ queryKey: [...wizardKeys.all, 'ref', 'content-groups'], queryFn: ({ signal }) => get('/rest/content_groups', { schema: ContentGroupListResponseSchema, signal }), ...REFERENCE });
}
export function usePrivateNetworkOptions() {
  return useQuery({ queryKey: [...wizardKeys.all, 'ref', 'private-networks'], queryFn: ({ signal }) => get('/rest/private_networks', { schema: PrivateNetworkListResponseSchema, signal }), ...REFERENCE });
}
export function useProfileOptions() {
  return useQuery({ queryKey: [...wizardKeys.all, 'ref', 'profiles'], queryFn: ({ signal }) => get('/rest/campaigns_with_profiles', { schema: CampaignsWithProfilesResponseSchema, signal }), ...REFERENCE });
}
/** GET /sites.json: the user's custom sites and private networks' sites (what Create Campaign accepts as picks). */
export function useWizardSites(enabled: boolean) {
  return useQuery({ queryKey: [...wizardKeys.all, 'ref', 'sites'], enabled, queryFn: ({ signal }) => get('/sites.json', { schema: SiteListResponseSchema, signal }), ...REFERENCE });
}

/**
 * GET /random_info (Generate random info): fresh every click, so a mutation and never cached. The
 * blog is about `keywords` (tier 1's keywords: the campaign does not exist yet).
 */
export function useRandomInfo() {
  return useMutation({
    mutationFn: (keywords: string) => get(`/random_info?keywords=${encodeURIComponent(keywords.slice(0, 4000))}`, { schema: RandomInfoSchema, failure: 'Failed to generate random info' }),
  });
}
