import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import {
  CreateSiteSelectionResponseSchema, DeleteSiteSelectionsResponseSchema, SITE_SELECTION_MESSAGES, SiteSelectionListResponseSchema,
  SiteSelectionRecordSchema, SiteSelectionResponseSchema, SiteSelectionSummarySchema, type SaveSiteSelectionBody,
} from '@linkloom/shared';
import { del, get, post, put } from '@/lib/http';
import { useInvalidatingMutation } from '@/lib/use-invalidating-mutation';
import { siteSelectionKeys } from './site-selection-keys';

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
    (name: string) => put('/rest/site_selections', { body: { name }, schema: CreateSiteSelectionResponseSchema, failure: SITE_SELECTION_MESSAGES.createFailed }),
    SITE_SELECTION_MESSAGES.created,
  );
}

/** POST /action/rename/site_selection {id, name} */
export function useRenameSiteSelection() {
  return useInvalidatingMutation(
    siteSelectionKeys.all,
    (input: { id: number; name: string }) => post('/action/rename/site_selection', { body: input, schema: SiteSelectionSummarySchema, failure: SITE_SELECTION_MESSAGES.renameFailed }),
    SITE_SELECTION_MESSAGES.renamed,
  );
}

/** DELETE /rest/site_selections [ids] */
export function useDeleteSiteSelections() {
  return useInvalidatingMutation(
    siteSelectionKeys.list,
    (ids: number[]) => del('/rest/site_selections', { body: ids, schema: DeleteSiteSelectionsResponseSchema, failure: SITE_SELECTION_MESSAGES.deleteFailed }),
    SITE_SELECTION_MESSAGES.deleted,
  );
}

/** POST /rest/site_selections/{id} {siteSelection, selectedSites, selectedPlatforms} (Save Changes). */
export function useSaveSiteSelection(id: number) {
  return useInvalidatingMutation(
    siteSelectionKeys.all,
    (body: SaveSiteSelectionBody) => post(`/rest/site_selections/${id}`, { body, schema: z.object({ siteSelection: SiteSelectionRecordSchema }), failure: SITE_SELECTION_MESSAGES.saveFailed }),
    SITE_SELECTION_MESSAGES.saved,
  );
}
