import { useEffect, useMemo } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { PublishingCapabilitiesSchema, type ModuleCapability } from '@linkloom/shared';
import { get } from '@/lib/http';
import { useLiveInvalidate } from '@/lib/use-live-invalidate';
import { sitesChangedSince } from './sites-changed-since';

/** TanStack Query keys of the capabilities (GET /rest/publishing/modules). */
export const publishingCapabilityKeys = {
  modules: ['publishing-capabilities', 'modules'] as const,
};

/** The capabilities change only with the user's sites: a minute in the cache, refreshed on their news. */
const STALE_MS = 60_000;
/** Imports and deletes come as bursts of messages: one read after the burst. */
const SETTLE_MS = 500;
/** The verifier sends a message per site it probed: one read once it pauses or ends. */
const VERIFIER_SETTLE_MS = 1_500;
const KEYS = [publishingCapabilityKeys.modules];

/** What {@link usePublishingCapabilities} gives a screen. */
export interface PublishingCapabilitiesView {
  /** A module's capability; undefined while loading, after a failed read, or for a module that publishes nothing (Account Creation, Indexer). */
  capabilityOf: (module: string) => ModuleCapability | undefined;
  isLoading: boolean;
}

/**
 * Which modules can publish with the user's sites (issue 37 item 6): GET /rest/publishing/modules,
 * kept a minute, and read again when the user's sites change — custom sites added or deleted
 * (`custom_sites`), a site the verifier probed (`site_verifier`), a private network's sites or the
 * network itself (`private_networks`) — while a screen shows it, and on mount when a screen since
 * loaded newer custom sites or private networks than this answer. A failed read says nothing: the
 * badges are a hint beside screens that work without them. Call it once per screen and hand each
 * ModuleCapabilityBadge its module's capability.
 */
export function usePublishingCapabilities(): PublishingCapabilitiesView {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: publishingCapabilityKeys.modules,
    queryFn: ({ signal }) => get('/rest/publishing/modules', { schema: PublishingCapabilitiesSchema, signal, silent: true }),
    staleTime: STALE_MS,
  });
  useLiveInvalidate('custom_sites', KEYS, SETTLE_MS);
  useLiveInvalidate('site_verifier', KEYS, VERIFIER_SETTLE_MS, ['verifierStatusChanged']);
  useLiveInvalidate('private_networks', KEYS, SETTLE_MS, ['editName']);
  // Sites changed on another screen while no badge listened (a private network imported a moment ago).
  useEffect(() => {
    const ours = queryClient.getQueryState(publishingCapabilityKeys.modules);
    if (ours?.data !== undefined && sitesChangedSince(queryClient, ours.dataUpdatedAt)) {
      void queryClient.invalidateQueries({ queryKey: publishingCapabilityKeys.modules, exact: true });
    }
  }, [queryClient]);

  const byModule = useMemo(() => new Map((query.data?.modules ?? []).map((capability) => [capability.module, capability])), [query.data]);
  return { capabilityOf: (module) => byModule.get(module), isLoading: query.isLoading };
}
