import { useQuery } from '@tanstack/react-query';
import {
  DeletePrivateNetworksResponseSchema, PrivateNetworkListResponseSchema, PrivateNetworkSchema,
} from '@linkloom/shared';
import { del, get, post, put } from '@/lib/http';
import { downloadFile } from '@/lib/download';
import { useInvalidatingMutation } from '@/lib/use-invalidating-mutation';
import { privateNetworkKeys } from './private-network-keys';
import { DONE_TEXTS } from '@/lib/action-feedback';

/** GET /rest/private_networks */
export function usePrivateNetworks() {
  return useQuery({
    queryKey: privateNetworkKeys.list,
    queryFn: ({ signal }) => get('/rest/private_networks', { schema: PrivateNetworkListResponseSchema, signal }),
  });
}

/** PUT /rest/private_networks {name} */
export function useCreatePrivateNetwork() {
  return useInvalidatingMutation(
    privateNetworkKeys.all,
    (name: string) => put('/rest/private_networks', { body: { name }, schema: PrivateNetworkSchema }),
    (network) => DONE_TEXTS.created('Private network', network.name),
  );
}

/** POST /rest/private_networks {id, name} */
export function useRenamePrivateNetwork() {
  return useInvalidatingMutation(
    privateNetworkKeys.all,
    (input: { id: number; name: string }) => post('/rest/private_networks', { body: input, schema: PrivateNetworkSchema }),
    (_, input) => DONE_TEXTS.renamed('Private network', input.name),
  );
}

/** DELETE /rest/private_networks [ids] */
export function useDeletePrivateNetworks() {
  return useInvalidatingMutation(
    privateNetworkKeys.all,
    (ids: number[]) => del('/rest/private_networks', { body: ids, schema: DeletePrivateNetworksResponseSchema }),
    (_, ids) => DONE_TEXTS.deleted(ids.length, 'private network'),
  );
}

/** GET /action/export/private_group/{id}: saves `{name}_private_sites.txt` (re-importable lines). */
export function exportPrivateNetwork(network: { id: number; name: string }): Promise<string> {
  return downloadFile({ url: `/action/export/private_group/${network.id}`, fallbackName: `${network.name}_private_sites.txt` });
}
