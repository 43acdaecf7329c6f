import { useQuery } from '@tanstack/react-query';
import {
  AddCustomSiteResponseSchema, CustomSiteImportResultSchema, CustomSitesResponseSchema, DeleteCustomSitesResponseSchema,
  PremiumCustomSitesResponseSchema, SiteVerifierActionResponseSchema, type AddCustomSiteBody, type CustomSiteModule, type PremiumCustomSitesBody,
} from '@linkloom/shared';
import { del, get, post, put } from '@/lib/http';
import { downloadFile } from '@/lib/download';
import { DONE_TEXTS } from '@/lib/action-feedback';
import { useInvalidatingMutation } from '@/lib/use-invalidating-mutation';
import { customSiteKeys } from './custom-site-keys';

/** GET /rest/custom_sites: sites, modules, verifierStatus and its progress. */
export function useCustomSites() {
  return useQuery({
    queryKey: customSiteKeys.list,
    queryFn: ({ signal }) => get('/rest/custom_sites', { schema: CustomSitesResponseSchema, signal }),
  });
}

/** PUT /rest/custom_sites: add one site (the same module and URL updates it). */
export function useAddCustomSite() {
  return useInvalidatingMutation(
    customSiteKeys.all,
    (body: AddCustomSiteBody) => put('/rest/custom_sites', { body, schema: AddCustomSiteResponseSchema }),
    (answer) => `Site ${answer.site.url} added`,
  );
}

/** POST /action/import/custom_sites (one module) or /action/import/all_custom_sites (module on each line). */
export function useImportCustomSites() {
  return useInvalidatingMutation(
    customSiteKeys.all,
    ({ module, siteList }: { module: CustomSiteModule | null; siteList: string }) => (module
      ? post('/action/import/custom_sites', { body: { module, siteList }, schema: CustomSiteImportResultSchema })
      : post('/action/import/all_custom_sites', { body: { siteList }, schema: CustomSiteImportResultSchema })),
  );
}

/** DELETE /rest/custom_sites [ids] */
export function useDeleteCustomSites() {
  return useInvalidatingMutation(
    customSiteKeys.all,
    (ids: number[]) => del('/rest/custom_sites', { body: ids, schema: DeleteCustomSitesResponseSchema }),
    (answer) => DONE_TEXTS.deleted(answer.ids.length, 'site'),
  );
}

/** POST /action/premium/custom_sites {ids, premium}: the grids list premium sites first, as their own group. */
export function usePremiumCustomSites() {
  return useInvalidatingMutation(
    customSiteKeys.all,
    (body: PremiumCustomSitesBody) => post('/action/premium/custom_sites', { body, schema: PremiumCustomSitesResponseSchema }),
    (answer, body) => `${answer.ids.length === 1 ? '1 site' : `${answer.ids.length} sites`} ${body.premium ? 'flagged premium' : 'no longer premium'}`,
  );
}

/** POST /action/start/site_verifier or /action/stop/site_verifier (no body). */
export function useSiteVerifier() {
  return useInvalidatingMutation(
    customSiteKeys.all,
    (act: 'start' | 'stop') => post(`/action/${act}/site_verifier`, { schema: SiteVerifierActionResponseSchema }),
    (_, act) => (act === 'start' ? 'Verifier started' : 'Verifier stopped'),
  );
}

/** The URL a file upload of sites goes to: one module's lines, or Import All's (module on each line). */
export function uploadUrl(module: CustomSiteModule | null): string {
  return module ? `/action/upload/custom_sites?module=${module}` : '/action/upload/custom_sites';
}

/** GET /action/export/custom_sites (Export All): saves `custom_sites.txt`, which Import All reads back. */
export function exportCustomSites(): Promise<string> {
  return downloadFile({ url: '/action/export/custom_sites', fallbackName: 'custom_sites.txt' });
}
