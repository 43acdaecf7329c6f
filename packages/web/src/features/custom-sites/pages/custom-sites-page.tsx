import { useMemo, useState } from 'react';
import { Alert, Dropdown, Flex, Space } from 'antd';
import { DownOutlined, DownloadOutlined, ImportOutlined, PlusOutlined, StarOutlined } from '@ant-design/icons';
import { CUSTOM_SITE_MESSAGES, DISABLED_REASONS, siteKey, type CustomSiteModule } from '@linkloom/shared';
import { PageHeader } from '@/components/page-header';
import { ModuleCapabilityList, usePublishingCapabilities } from '@/components/publishing-capabilities';
import { SiteGrid } from '@/components/site-grid';
import { useConfirm } from '@/components/confirm-delete';
import { exportCustomSites, useAddCustomSite, useCustomSites, useDeleteCustomSites, usePremiumCustomSites } from '../api/custom-sites-api';
import { useCustomSitesLive } from '../api/use-custom-sites-live';
import { AddCustomSiteDialog } from '../components/add-custom-site-dialog';
import { ImportCustomSitesDialog } from '../components/import-custom-sites-dialog';
import { VerifierPanel } from '../components/verifier-panel';
import { customSiteGridRows } from '../components/custom-site-rows';
import { DeleteSelectedButton } from '@/components/delete-selected-button';
import { ExplainedButton } from '@/components/disabled-reason';

type Importing = { module: CustomSiteModule | null; name: string } | null;

/**
 * Custom sites (/custom-sites, spec 2 §2): the user's own sites per module in the shared site
 * grid (premium sites first as their own group, then by module and platform, with Collapse /
 * Expand), Add, Import (one module), Import All, Export All, Premium (flag the ticked sites premium
 * or not), Delete, and the platform verifier with Start / Stop, all kept live. Above the grid,
 * each module says whether these sites (and the private networks') can publish it (issue 37).
 */
export function CustomSitesPage() {
  const query = useCustomSites();
  const addSite = useAddCustomSite();
  const deleteSites = useDeleteCustomSites();
  const premium = usePremiumCustomSites();
  const { confirmDelete } = useConfirm();
  const [checked, setChecked] = useState<ReadonlySet<string>>(new Set());
  const [adding, setAdding] = useState(false);
  const [importing, setImporting] = useState<Importing>(null);
  useCustomSitesLive();
  const { capabilityOf } = usePublishingCapabilities();

  const data = query.data;
  const sites = useMemo(() => data?.sites ?? [], [data]);
  const rows = useMemo(() => customSiteGridRows(sites, checked), [sites, checked]);
  const idsByKey = useMemo(() => new Map(sites.map((site) => [siteKey({ module: site.module, siteId: site.id }), site.id])), [sites]);
  const selectedIds = [...checked].flatMap((key) => idsByKey.get(key) ?? []);
  const loadingWhy = data ? null : DISABLED_REASONS.stillLoading;
  const modules = data?.modules ?? [];

  const handleDelete = async () => {
    if (!(await confirmDelete({ content: CUSTOM_SITE_MESSAGES.deleteConfirm }))) return;
    await deleteSites.mutateAsync(selectedIds);
    setChecked(new Set());
  };

  return (
    <div data-testid="custom-sites-page">
      <PageHeader
        title="Custom Sites"
        breadcrumbs={[{ title: 'Custom Sites' }]}
        extra={data && <VerifierPanel status={data.verifierStatus} progress={data.verifierProgress} waitInfo={data.verifierWaitInfo} />}
      />
      {query.isError && <Alert type="error" showIcon title={CUSTOM_SITE_MESSAGES.loadFailed} style={{ marginBottom: 16 }} data-testid="load-failed" />}
      <Flex wrap gap={8} style={{ marginBottom: 12 }}>
        <Space wrap>
          <ExplainedButton type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)} disabledReason={loadingWhy} data-testid="add-site">Add</ExplainedButton>
          <Dropdown
            trigger={['click']}
            disabled={!data}
            menu={{
              items: modules.map((m) => ({ key: m.id, label: <span data-testid={`import-module-${m.id}`}>{m.name}</span> })),
              onClick: ({ key }) => setImporting({ module: key as CustomSiteModule, name: modules.find((m) => m.id === key)?.name ?? key }),
            }}
          >
            <ExplainedButton icon={<ImportOutlined />} disabledReason={loadingWhy} data-testid="import-menu">Import <DownOutlined /></ExplainedButton>
          </Dropdown>
          <ExplainedButton icon={<ImportOutlined />} onClick={() => setImporting({ module: null, name: '' })} disabledReason={loadingWhy} data-testid="import-all">Import All</ExplainedButton>
          <ExplainedButton
            icon={<DownloadOutlined />} onClick={() => void exportCustomSites().catch(() => undefined)} data-testid="export-all"
            disabledReason={loadingWhy ?? (sites.length === 0 ? DISABLED_REASONS.noCustomSitesToExport : null)}
          >
            Export All
          </ExplainedButton>
          <Dropdown
            trigger={['click']}
            disabled={selectedIds.length === 0 || premium.isPending}
            menu={{
              items: [
                { key: 'on', label: <span data-testid="premium-on">Flag premium</span> },
                { key: 'off', label: <span data-testid="premium-off">Not premium</span> },
              ],
              onClick: ({ key }) => void premium.mutateAsync({ ids: selectedIds, premium: key === 'on' }).catch(() => undefined),
            }}
          >
            <ExplainedButton
              icon={<StarOutlined />} loading={premium.isPending} data-testid="premium-menu"
              disabledReason={selectedIds.length === 0 ? DISABLED_REASONS.selectSitesForPremium : null}
            >
              Premium <DownOutlined />
            </ExplainedButton>
          </Dropdown>
          <DeleteSelectedButton selected={selectedIds.length} loading={deleteSites.isPending} onClick={() => void handleDelete()} testId="delete-sites" />
        </Space>
      </Flex>
      <div style={{ marginBottom: 12 }}>
        <ModuleCapabilityList title="Can publish:" modules={modules.map((m) => m.id)} capabilityOf={capabilityOf} data-testid="custom-sites-capabilities" />
      </div>
      <SiteGrid
        urlState
        sites={rows}
        grouping="module-platform"
        checked={checked}
        onCheckedChange={setChecked}
        editing
        loading={query.isLoading}
        noteTitle="Notes"
        emptyHint="Add a site, or import a list of sites with Import or Import All"
      />
      <AddCustomSiteDialog
        open={adding}
        modules={modules}
        onSubmit={async (body) => void (await addSite.mutateAsync(body))}
        onClose={() => setAdding(false)}
      />
      <ImportCustomSitesDialog
        key={importing?.module ?? 'all'}
        module={importing?.module ?? null}
        moduleName={importing?.name ?? ''}
        open={importing !== null}
        onClose={() => setImporting(null)}
      />
    </div>
  );
}
