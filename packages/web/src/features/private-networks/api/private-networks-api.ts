import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  DeletePrivateNetworksResponseSchema, PrivateNetworkListResponseSchema, PrivateNetworkSchema,
} from '@linkloom/shared';
import { del, get, post, put } from '@/lib/http';
import { downloadFile } from '@/lib/download';
import { privateNetworkKeys } from './private-network-keys';

/** GET /rest/private_networks */
export function usePrivateNetworks() {
  return useQuery({
    queryKey: privateNetworkKeys.list,
    queryFn: ({ signal }) => get('/rest/private_networks', { schema: PrivateNetworkListResponseSchema, signal }),
  });
}

/** Invalidates every query of the area: a change shows in the list and on the network's screen. */
function useInvalidateNetworks() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: privateNetworkKeys.all });
}

/** PUT /rest/private_networks {name} */
export function useCreatePrivateNetwork() {
  const invalidate = useInvalidateNetworks();
  return useMutation({
    mutationFn: (name: string) => put('/rest/private_networks', { body: { name }, schema: PrivateNetworkSchema }),
    onSuccess: invalidate,
  });
}

/** POST /rest/private_networks {id, name} */
export function useRenamePrivateNetwork() {
  const invalidate = useInvalidateNetworks();
  return useMutation({
    mutationFn: (input: { id: number; name: string }) => post('/rest/private_networks', { body: input, schema: PrivateNetworkSchema }),
    onSuccess: invalidate,
  });
}

/** DELETE /rest/private_networks [ids] */
export function useDeletePrivateNetworks() {
  const invalidate = useInvalidateNetworks();
  return useMutation({
    mutationFn: (ids: number[]) => del('/rest/private_networks', { body: ids, schema: DeletePrivateNetworksResponseSchema }),
    onSuccess: invalidate,
  });
}

/** GET /action/export/private_group/{id}: saves `{name}_private_sites.txt` (re-importable lines). */
export function exportPrivateNetwork(network: { id: number; name: string }): Promise<string> {
  return downloadFile({ url: `/action/export/private_group/${network.id}`, fallbackName: `${network.name}_private_sites.txt` });
}
