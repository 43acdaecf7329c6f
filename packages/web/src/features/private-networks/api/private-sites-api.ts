import { useQuery } from '@tanstack/react-query';
import {
  DeletePrivateSitesResponseSchema, PrivateNetworkProfilesResponseSchema, PrivateNetworkResponseSchema,
  PrivateSiteImportResultSchema, type DeletePrivateSitesBody,
} from '@linkloom/shared';
import { del, get, post } from '@/lib/http';
import { useInvalidatingMutation } from '@/lib/use-invalidating-mutation';
import { privateNetworkKeys } from './private-network-keys';
import { DONE_TEXTS } from '@/lib/action-feedback';

/** GET /rest/private_network/{id}: the network and its sites. */
export function usePrivateNetwork(id: number) {
  return useQuery({
    queryKey: privateNetworkKeys.network(id),
    queryFn: ({ signal }) => get(`/rest/private_network/${id}`, { schema: PrivateNetworkResponseSchema, signal, notFoundPage: true }),
  });
}

/** GET /rest/private_network_profiles: account profiles to import from, with their campaigns. */
export function useProfileChoices(enabled: boolean) {
  return useQuery({
    queryKey: privateNetworkKeys.profiles,
    queryFn: ({ signal }) => get('/rest/private_network_profiles', { schema: PrivateNetworkProfilesResponseSchema, signal }),
    enabled,
  });
}

/** POST /action/import/private_network/{id} {selfHosted, siteList} → {errorList, imported} */
export function useImportSites(id: number) {
  return useInvalidatingMutation(privateNetworkKeys.all, (input: { siteList: string; selfHosted: boolean }) =>
      post(`/action/import/private_network/${id}`, { body: input, schema: PrivateSiteImportResultSchema }));
}

/** POST /action/import/private_network/{id}/profile {profileId} → {errorList, imported} */
export function useImportFromProfile(id: number) {
  return useInvalidatingMutation(privateNetworkKeys.all, (profileId: number) =>
      post(`/action/import/private_network/${id}/profile`, { body: { profileId }, schema: PrivateSiteImportResultSchema }));
}

/** DELETE /rest/private_network/{id} [{group, siteId, email}] */
export function useDeleteSites(id: number) {
  return useInvalidatingMutation(
    privateNetworkKeys.all,
    (keys: DeletePrivateSitesBody) => del(`/rest/private_network/${id}`, { body: keys, schema: DeletePrivateSitesResponseSchema }),
    (_, keys) => DONE_TEXTS.deleted(keys.length, 'site'),
  );
}
