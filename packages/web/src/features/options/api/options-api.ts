import { useMutation, useQuery } from '@tanstack/react-query';
import {
  AddBlockedSitesResponseSchema, AddProxiesResponseSchema, CaptchaBalanceResponseSchema, DeletedCountResponseSchema, IndexerKeyCheckSchema,
  OptionsResponseSchema, ProxyMonitorResponseSchema, SaveOptionsResponseSchema,
  type CaptchaBalanceBody, type Options, type ProxyId,
} from '@linkloom/shared';
import { del, get, post } from '@/lib/http';
import { useInvalidatingMutation } from '@/lib/use-invalidating-mutation';
import { DONE_TEXTS } from '@/lib/action-feedback';
import { errorListOutcome, type ImportOutcome } from '@/lib/import-outcome';

/** Query keys of the options screen: one query holds options, proxies, blocked sites and the monitor. */
export const optionKeys = { all: ['options'] as const };

/** GET /rest/options */
export function useOptions() {
  return useQuery({
    queryKey: optionKeys.all,
    queryFn: ({ signal }) => get('/rest/options', { schema: OptionsResponseSchema, signal }),
  });
}

/** POST /rest/options: the whole options object as the form holds it. */
export function useSaveOptions() {
  return useInvalidatingMutation(
    optionKeys.all,
    (options: Partial<Options>) => post('/rest/options', { body: options, schema: SaveOptionsResponseSchema }),
    'Options saved',
  );
}

/**
 * POST /rest/proxies: the dialog's text. The good lines are saved and the bad ones come back
 * numbered (a list without one good line is a 422 naming them); the tab says what happened.
 */
export function useAddProxies() {
  return useInvalidatingMutation(optionKeys.all, (text: string) => post('/rest/proxies', { body: [text], schema: AddProxiesResponseSchema }));
}

/** What an Add New Proxies did: '2 proxies added, 1 line refused' (added or updated), the refused lines numbered. */
export function proxiesAddedOutcome(result: { proxies: readonly unknown[]; errorList: readonly string[] }): ImportOutcome {
  return errorListOutcome(result.proxies.length, { one: 'proxy', many: 'proxies' }, 'added', result.errorList);
}

/** DELETE /rest/proxies by address and port. */
export function useDeleteProxies() {
  return useInvalidatingMutation(
    optionKeys.all,
    (ids: ProxyId[]) => del('/rest/proxies', { body: ids, schema: DeletedCountResponseSchema }),
    (result) => DONE_TEXTS.deleted(result.deleted, { one: 'proxy', many: 'proxies' }),
  );
}

/** GET /action/check/proxies, or /action/stop_checking/proxies while a check runs. */
export function useProxyMonitor() {
  return useMutation({
    mutationFn: (action: 'check' | 'stop_checking') => get(`/action/${action}/proxies`, { schema: ProxyMonitorResponseSchema }),
  });
}

/** POST /rest/blocked_sites: the dialog's text; the good lines are added, the bad ones come back numbered. */
export function useAddBlockedSites() {
  return useInvalidatingMutation(optionKeys.all, (text: string) => post('/rest/blocked_sites', { body: [text], schema: AddBlockedSitesResponseSchema }));
}

/** What an Add of blocked sites did: '2 blocked sites added, 1 line refused' (a site already blocked is not added again). */
export function blockedSitesAddedOutcome(result: { blockedSites: readonly unknown[]; errorList: readonly string[] }): ImportOutcome {
  return errorListOutcome(result.blockedSites.length, 'blocked site', 'added', result.errorList);
}

/** DELETE /rest/blocked_sites by id (domain). */
export function useDeleteBlockedSites() {
  return useInvalidatingMutation(
    optionKeys.all,
    (ids: string[]) => del('/rest/blocked_sites', { body: ids, schema: DeletedCountResponseSchema }),
    (result) => DONE_TEXTS.deleted(result.deleted, 'blocked site'),
  );
}

/** POST /action/check_balance/captcha/: one provider's balance with the credentials typed in the tab. */
export function checkCaptchaBalance(body: CaptchaBalanceBody) {
  return post('/action/check_balance/captcha/', { body, schema: CaptchaBalanceResponseSchema, silent: true });
}

/** POST /action/check_balance/indexer: the Indexer tab's Validate of one service's key. */
export function validateIndexerKey(indexerSource: string, apiKey: string) {
  return post('/action/check_balance/indexer', { body: { indexerSource, apiKey }, schema: IndexerKeyCheckSchema });
}
