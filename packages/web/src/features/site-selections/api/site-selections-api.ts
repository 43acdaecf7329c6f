import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import {
  CreateSiteSelectionResponseSchema, DeleteSiteSelectionsResponseSchema, SITE_SELECTION_MESSAGES, SiteSelectionListResponseSchema,
  SiteSelectionRecordSchema, SiteSelectionResponseSchema, SiteSelectionSummarySchema, type SaveSiteSelectionBody,
} from '@linkloom/shared';
import { del, get, post, put } from '@/lib/http';
import { toastFailed } from '@/lib/action-feedback';
import { useInvalidatingMutation } from '@/lib/use-invalidating-mutation';
import { siteSelectionKeys } from './site-selection-keys';

/** Runs a call; on failure adds the spec's own failure toast (spec 2 §8) to the usual one, and rethrows. */
async function withFailure<T>(text: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    toastFailed(text);
    throw error;
  }
}

/** GET /rest/site_selections */
export function useSiteSelections() {
  return useQuery({
    queryKey: siteSelectionKeys.list,
    queryFn: ({ signal }) => get('/rest/site_selections', { schema: SiteSelectionListResponseSchema, signal }),
  });
}

/** GET /rest/site_selections/{id}: the selection, every site and platform, and what is ticked. */
export function useSiteSelection(id: number) {
  return useQuery({
    queryKey: siteSelectionKeys.selection(id),
    queryFn: ({ signal }) => get(`/rest/site_selections/${id}`, { schema: SiteSelectionResponseSchema, signal, notFoundPage: true }),
    // The editor holds unsaved ticks: it reloads only when asked to.
    refetchOnWindowFocus: false,
  });
}

/** PUT /rest/site_selections {name} */
export function useCreateSiteSelection() {
  return useInvalidatingMutation(
    siteSelectionKeys.list,
    (name: string) => withFailure(SITE_SELECTION_MESSAGES.createFailed, () => put('/rest/site_selections', { body: { name }, schema: CreateSiteSelectionResponseSchema })),
    SITE_SELECTION_MESSAGES.created,
  );
}

/** POST /action/rename/site_selection {id, name} */
export function useRenameSiteSelection() {
  return useInvalidatingMutation(
    siteSelectionKeys.all,
    (input: { id: number; name: string }) => withFailure(SITE_SELECTION_MESSAGES.renameFailed, () => post('/action/rename/site_selection', { body: input, schema: SiteSelectionSummarySchema })),
    SITE_SELECTION_MESSAGES.renamed,
  );
}

/** DELETE /rest/site_selections [ids] */
export function useDeleteSiteSelections() {
  return useInvalidatingMutation(
    siteSelectionKeys.list,
    (ids: number[]) => withFailure(SITE_SELECTION_MESSAGES.deleteFailed, () => del('/rest/site_selections', { body: ids, schema: DeleteSiteSelectionsResponseSchema })),
    SITE_SELECTION_MESSAGES.deleted,
  );
}

/** POST /rest/site_selections/{id} {siteSelection, selectedSites, selectedPlatforms} (Save Changes). */
export function useSaveSiteSelection(id: number) {
  return useInvalidatingMutation(
    siteSelectionKeys.all,
    (body: SaveSiteSelectionBody) => withFailure(SITE_SELECTION_MESSAGES.saveFailed, () => post(`/rest/site_selections/${id}`, { body, schema: z.object({ siteSelection: SiteSelectionRecordSchema }) })),
    SITE_SELECTION_MESSAGES.saved,
  );
}
