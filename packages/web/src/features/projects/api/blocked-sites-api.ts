import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { OptionsResponseSchema, isBlockedBy } from '@linkloom/shared';
import { get } from '@/lib/http';
import { useLiveInvalidate } from '@/lib/use-live-invalidate';

const KEY = ['project-blocked-sites'] as const;

/**
 * The user's blocked sites (Options, Blocked Sites) as a test for the project's site grid, which
 * marks them; follows the live `blocked_sites` topic. Until they are known nothing is marked.
 */
export function useBlockedSiteTest(): (siteUrl: string) => boolean {
  useLiveInvalidate('blocked_sites', [KEY]);
  const query = useQuery({
    queryKey: KEY,
    queryFn: ({ signal }) => get('/rest/options', { schema: OptionsResponseSchema, signal, silent: true }),
    select: (answer) => new Set(answer.blockedSites.map((site) => site.id)),
    staleTime: 60_000,
  });
  const blocked = query.data;
  return useMemo(() => (siteUrl: string) => blocked !== undefined && blocked.size > 0 && isBlockedBy(siteUrl, blocked), [blocked]);
}
