import { useMemo, useState, type Key } from 'react';
import { App, Result } from 'antd';
import { useNavigate, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { PathIdSchema, PRIVATE_NETWORK_MESSAGES } from '@linkloom/shared';
import { PageHeader } from '@/components/page-header';
import { useConfirm } from '@/components/confirm-delete';
import { useLiveInvalidate } from '@/lib/use-live-invalidate';
import { useLiveTopic } from '@/lib/use-live-topic';
import { privateNetworkKeys } from '../api/private-network-keys';
import { useDeleteSites, usePrivateNetwork } from '../api/private-sites-api';
import { PrivateSiteGrid } from '../components/private-site-grid';
import { ImportSitesMenu } from '../components/import-sites-menu';
import { siteRowKey } from '../components/site-grid-rows';
import { isNotFound } from '@/lib/http-error';
import { NotFoundResult } from '@/components/not-found-result';
import { DeleteSelectedButton } from '@/components/delete-selected-button';

/** One private network and its sites (/private-network/:id, spec 1 section 2). */
export function PrivateNetworkPage() {
  const parsed = PathIdSchema.safeParse(useParams().id);
  if (!parsed.success) return <NotFoundResult />;
  return <PrivateNetworkScreen key={parsed.data} id={parsed.data} />;
}

function PrivateNetworkScreen({ id }: { id: number }) {
  const network = usePrivateNetwork(id);
  const deleteSites = useDeleteSites(id);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const { confirmDelete } = useConfirm();
  const [selectedKeys, setSelectedKeys] = useState<Key[]>([]);

  useLiveInvalidate(`private_network/${id}`, [privateNetworkKeys.network(id)]);
  useLiveTopic('private_networks', (live) => {
    if (live.name === 'deleted' && live.payload.ids.includes(id)) {
      message.info('This private network was deleted.');
      void navigate('/private-networks', { replace: true });
    } else if (live.name === 'editName' && live.payload.id === id) {
      void queryClient.invalidateQueries({ queryKey: privateNetworkKeys.network(id) });
    }
  });

  const sites = network.data?.privateSites;
  const sitesByKey = useMemo(() => new Map((sites ?? []).map((site) => [siteRowKey(site), site])), [sites]);

  const handleDelete = async () => {
    if (!(await confirmDelete({ content: 'Do you want to delete the selected sites?' }))) return;
    const keys = selectedKeys.flatMap((key) => {
      const site = sitesByKey.get(String(key));
      return site ? [{ group: site.group, siteId: site.siteId, email: site.email }] : [];
    });
    if (keys.length > 0) await deleteSites.mutateAsync(keys);
    setSelectedKeys([]);
  };

  if (network.isError && isNotFound(network.error)) return <NotFoundResult />;
  if (network.isError) {
    return <Result status="warning" title={PRIVATE_NETWORK_MESSAGES.getFailed} subTitle="It may have been deleted." data-testid="get-failed" />;
  }
  const name = network.data?.privateNetwork.name ?? '';
  const selectedSites = selectedKeys.filter((key) => sitesByKey.has(String(key)));
  return (
    <div data-testid="private-network-page">
      <PageHeader
        title={`Private Network: ${name}`}
        loading={network.isLoading}
        breadcrumbs={[{ title: 'Private Networks', to: '/private-networks' }, { title: name }]}
      />
      <PrivateSiteGrid
        sites={sites}
        loading={network.isLoading}
        selectedKeys={selectedSites}
        onSelect={setSelectedKeys}
        actions={(
          <>
            <ImportSitesMenu networkId={id} />
            <DeleteSelectedButton selected={selectedSites.length} loading={deleteSites.isPending} onClick={() => void handleDelete()} testId="delete-sites" />
          </>
        )}
      />
    </div>
  );
}
