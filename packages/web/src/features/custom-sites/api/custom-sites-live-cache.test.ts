import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, test } from 'vitest';
import type { CustomSiteRow, CustomSitesResponse } from '@linkloom/shared';
import { customSiteKeys } from './custom-site-keys';
import { applyVerifierMessage } from './custom-sites-live-cache';

const site = (status: CustomSiteRow['status']): CustomSiteRow => ({
  id: 7, module: 'Bookmarking', url: 'http://127.0.0.1:1', host: '127.0.0.1', login: null, hasPassword: false, da: null, premium: false,
  platform: 'Unknown', status, reason: status === 'FAILED' ? 'No platform' : '', canRegister: null, credentialsOk: null, checkedAt: status === 'FAILED' ? 1 : null, dofollow: 0.5,
});
const list = (row: CustomSiteRow): CustomSitesResponse => ({ sites: [row], modules: [], verifierStatus: 'CHECKING', verifierProgress: { checked: 0, total: 1 }, verifierWaitInfo: null });

/** A list read the test answers by hand, so a message can come while it is in flight. */
function listWithManualReads(queryClient: QueryClient) {
  /** One per read: answers it with what was stored when the read began. */
  const answers: (() => void)[] = [];
  let stored = list(site('NEW'));
  queryClient.setQueryData(customSiteKeys.list, stored);
  const observer = new QueryObserver(queryClient, {
    queryKey: customSiteKeys.list,
    queryFn: () => {
      const answerNow = stored;
      return new Promise<CustomSitesResponse>((resolve) => answers.push(() => resolve(answerNow)));
    },
    staleTime: Infinity,
  });
  const unsubscribe = observer.subscribe(() => undefined);
  return { answers, store: (value: CustomSitesResponse) => (stored = value), unsubscribe };
}

describe('applyVerifierMessage', () => {
  test('siteChecked replaces the row and keeps its dofollow share; verifierStatusChanged sets the progress', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(customSiteKeys.list, list(site('CHECKING')));
    applyVerifierMessage(queryClient, { topic: 'site_verifier', name: 'siteChecked', payload: { site: { ...site('FAILED'), dofollow: undefined } } });
    applyVerifierMessage(queryClient, { topic: 'site_verifier', name: 'verifierStatusChanged', payload: { status: 'CHECKING', checked: 0, total: 1, waitInfo: 'Waiting for a live proxy' } });
    expect(queryClient.getQueryData<CustomSitesResponse>(customSiteKeys.list)).toMatchObject({ verifierStatus: 'CHECKING', verifierWaitInfo: 'Waiting for a live proxy' });
    applyVerifierMessage(queryClient, { topic: 'site_verifier', name: 'verifierStatusChanged', payload: { status: 'DONE', checked: 1, total: 1, waitInfo: null } });
    const cached = queryClient.getQueryData<CustomSitesResponse>(customSiteKeys.list)!;
    expect(cached.sites[0]).toMatchObject({ status: 'FAILED', dofollow: 0.5 });
    expect(cached).toMatchObject({ verifierStatus: 'DONE', verifierProgress: { checked: 1, total: 1 }, verifierWaitInfo: null });
  });

  test('a list read answered with what was stored before the probe does not put the row back: the list is read again', async () => {
    const queryClient = new QueryClient();
    const reads = listWithManualReads(queryClient);
    // Sites were added: the list is read again (the refetch of sitesInserted).
    void queryClient.invalidateQueries({ queryKey: customSiteKeys.list });
    await expect.poll(() => reads.answers.length).toBe(1);
    // The first read was taken before the probe; the probe is stored and its message comes meanwhile.
    reads.store(list(site('FAILED')));
    applyVerifierMessage(queryClient, { topic: 'site_verifier', name: 'siteChecked', payload: { site: site('FAILED') } });
    reads.answers[0]!(); // answered with NEW, as it was stored then
    await expect.poll(() => reads.answers.length).toBe(2);
    reads.answers[1]!();
    await expect.poll(() => queryClient.getQueryData<CustomSitesResponse>(customSiteKeys.list)?.sites[0]?.status).toBe('FAILED');
    expect(queryClient.isFetching({ queryKey: customSiteKeys.list })).toBe(0);
    reads.unsubscribe();
  });
});
