import { Result, Tabs } from 'antd';
import { useParams } from 'react-router';
import { PathIdSchema, LINK_ITEM_MESSAGES } from '@linkloom/shared';
import { HttpError } from '@/lib/http-error';
import { PageHeader } from '@/components/page-header';
import { useLiveInvalidate } from '@/lib/use-live-invalidate';
import { usePageInRange, useUrlGrid, useUrlTab } from '@/lib/use-url-state';
import { linkItemKeys } from '../api/link-item-keys';
import { useLinkPage, useSaveKeywords } from '../api/link-items-api';
import { KeywordsForm, keywordsOf } from '../components/keywords-form';
import { LinksTable } from '../components/links-table';
import { ImportProgress } from '../components/import-progress';
import { LINKS_GRID_PARAMS, linkListQuery } from '../components/links-grid-state';
import { NotFoundResult } from '@/components/not-found-result';

const IMPORT_TICKS = ['importProgress'] as const;
const TABS = ['links', 'keywords'] as const;

/** The links of one link set (/url_list/:id): tabs Links and Keywords. */
export function LinkSetPage() {
  const parsed = PathIdSchema.safeParse(useParams().id);
  if (!parsed.success) return <NotFoundResult />;
  return <LinkSetScreen key={parsed.data} linkSetId={parsed.data} />;
}

function LinkSetScreen({ linkSetId }: { linkSetId: number }) {
  // The tab and the grid's page, sort and filters live in the address (reload, Back, shared links).
  const [tab, openTab] = useUrlTab(TABS, 'links');
  const urlGrid = useUrlGrid(LINKS_GRID_PARAMS);
  const { grid, handleTableChange } = urlGrid;
  const page = useLinkPage(linkSetId, linkListQuery(grid));
  usePageInRange(urlGrid, page.isPlaceholderData ? undefined : page.data?.total);
  const saveKeywords = useSaveKeywords(linkSetId);
  // Links added, edited or deleted anywhere (another tab, an import) refresh the page shown; an
  // import's progress ticks only move its progress bar.
  useLiveInvalidate(`url_list/${linkSetId}`, [linkItemKeys.linkSet(linkSetId)], undefined, IMPORT_TICKS);

  if (page.isError && !page.data) {
    return page.error instanceof HttpError && page.error.status === 404
      ? <NotFoundResult />
      : <Result status="error" title={LINK_ITEM_MESSAGES.loadFailed} />;
  }
  const data = page.data;
  const campaign = data?.campaign;
  const keywords = data ? keywordsOf(data.urlList) : undefined;
  return (
    <div data-testid="link-set-page">
      <PageHeader
        title={`Link set: ${data?.urlList.name ?? ''}`}
        loading={page.isLoading}
        breadcrumbs={[
          { title: 'Campaigns', to: '/campaigns' },
          { title: `Campaign: ${campaign?.name ?? ''}`, ...(campaign ? { to: `/campaign/${campaign.id}` } : {}) },
          { title: 'Links' },
        ]}
      />
      <Tabs
        activeKey={tab}
        onChange={openTab}
        items={[
          {
            key: 'links', label: 'Links',
            children: (
              <>
                <ImportProgress linkSetId={linkSetId} />
                <LinksTable
                  linkSetId={linkSetId} data={data} loading={page.isFetching} grid={grid}
                  onGridChange={handleTableChange}
                  onReload={() => page.refetch({ throwOnError: true })}
                />
              </>
            ),
          },
          {
            key: 'keywords', label: 'Keywords',
            children: keywords && (
              // A new form when the saved keywords change (saved here or in another tab).
              <KeywordsForm key={JSON.stringify(keywords)} initialValues={keywords} onSave={(values) => saveKeywords.mutateAsync(values)} />
            ),
          },
        ]}
      />
    </div>
  );
}
