import { useState, type Key } from 'react';
import { Button, Tooltip, type TableColumnsType } from 'antd';
import { EditOutlined, HistoryOutlined, PlusOutlined, ReloadOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { LINK_ITEM_MESSAGES, LINK_MESSAGES, type LinkImportResult, type UrlItem, type UrlItemListResponse } from '@linkloom/shared';
import { DataTable } from '@/components/data-table';
import { useConfirm } from '@/components/confirm-delete';
import { UploadButton } from '@/components/upload-button';
import { TextImportDialog } from '@/components/text-import-dialog';
import { textColumnFilter } from '@/components/text-column-filter';
import { CheckNowButton } from '@/components/check-now/check-now-button';
import type { ErrorLine } from '@/lib/error-lines';
import type { TableQuery } from '@/lib/table-query';
import { toastDone, toastFailure } from '@/lib/action-feedback';
import { reportImport } from '@/lib/import-outcome';
import { useWindowFraction } from '@/lib/use-window-fraction';
import { useAddLinkBatch, useDeleteLinks, useSaveLink } from '../api/link-items-api';
import { linkFileOutcome, linkImportOutcome } from '../api/link-import-outcome';
import { LinkDialog } from './link-dialog';
import { LinkDownloadMenu } from './link-download-menu';
import { LinkCheckTag } from './link-check-tag';
import { LinkCheckHistory } from './link-check-history';
import { columnSortOrder, formatDateAdded, type LinksGridState } from './links-grid-state';
import { DeleteSelectedButton } from '@/components/delete-selected-button';

export interface LinksTableProps {
  linkSetId: number;
  data: UrlItemListResponse | undefined;
  loading: boolean;
  grid: LinksGridState;
  onGridChange: (query: TableQuery) => void;
  onReload: () => Promise<unknown>;
}

/**
 * The Links tab: server-side paged, sorted and filtered links with add, batch add, edit, delete,
 * upload and download, and Check now (issue 36) for a published link, the selection and the set.
 */
export function LinksTable({ linkSetId, data, loading, grid, onGridChange, onReload }: LinksTableProps) {
  const { confirmDelete } = useConfirm();
  const saveLink = useSaveLink(linkSetId);
  const addBatch = useAddLinkBatch(linkSetId);
  const deleteLinks = useDeleteLinks(linkSetId);
  const [selectedKeys, setSelectedKeys] = useState<Key[]>([]);
  const [dialog, setDialog] = useState<{ link: UrlItem | undefined } | null>(null);
  const [batchOpen, setBatchOpen] = useState(false);
  /** Links whose check history is open (the Action column's History button toggles it). */
  const [historyKeys, setHistoryKeys] = useState<readonly Key[]>([]);
  const toggleHistory = (id: number) => setHistoryKeys((keys) => (keys.includes(id) ? keys.filter((key) => key !== id) : [...keys, id]));
  const scrollY = useWindowFraction(0.6);

  const columns: TableColumnsType<UrlItem> = [
    { title: 'ID', key: 'id', dataIndex: 'id', width: 100, sorter: true, sortOrder: columnSortOrder(grid, 'id') },
    { title: 'URL', key: 'url', dataIndex: 'url', sorter: true, sortOrder: columnSortOrder(grid, 'url'), ellipsis: true, ...textColumnFilter<UrlItem>('URL', grid.filters.url, 'url') },
    { title: 'Anchor', key: 'anchor', dataIndex: 'anchor', sorter: true, sortOrder: columnSortOrder(grid, 'anchor'), ellipsis: true, ...textColumnFilter<UrlItem>('Anchor', grid.filters.anchor, 'anchor') },
    { title: 'Links on page', key: 'linksOnPage', dataIndex: 'linksOnPage', width: 130 },
    { title: 'DA', key: 'pr', dataIndex: 'pr', width: 70 },
    { title: 'Date added', key: 'dateAdded', dataIndex: 'dateAdded', width: 130, sorter: true, sortOrder: columnSortOrder(grid, 'dateAdded'), render: (value: number) => formatDateAdded(value) },
    { title: 'Verified', key: 'checkStatus', dataIndex: 'checkStatus', width: 130, render: (_, link) => <LinkCheckTag link={link} /> },
    {
      title: 'Action', key: 'action', width: 150,
      render: (_, link) => (
        <>
          <Tooltip title="Edit">
            <Button type="text" icon={<EditOutlined />} aria-label="Edit link" onClick={() => setDialog({ link })} data-testid={`edit-link-${link.id}`} />
          </Tooltip>
          {link.checkStatus !== 'NONE' && (
            <Tooltip title="Check history">
              <Button
                type="text" icon={<HistoryOutlined />} aria-label="Check history" aria-expanded={historyKeys.includes(link.id)}
                onClick={() => toggleHistory(link.id)} data-testid={`link-history-${link.id}`}
              />
            </Tooltip>
          )}
          {/* A published post's link (one the engine checks): checked again at once (issue 36). */}
          {link.checkStatus !== 'NONE' && <CheckNowButton scope={{ urlItemIds: [link.id] }} testId={`check-now-link-${link.id}`} />}
        </>
      ),
    },
  ];

  const handleSave = async (body: Parameters<typeof saveLink.mutateAsync>[0]) => {
    const editing = body.id !== undefined;
    try {
      await saveLink.mutateAsync(body);
    } catch (error) {
      toastFailure(editing ? LINK_ITEM_MESSAGES.saveFailed : LINK_ITEM_MESSAGES.addFailed, error);
      throw error;
    }
    toastDone(editing ? LINK_ITEM_MESSAGES.saved : LINK_ITEM_MESSAGES.added);
  };

  const handleBatch = async (text: string): Promise<ErrorLine[]> => {
    let result: LinkImportResult;
    try {
      result = await addBatch.mutateAsync(text);
    } catch (error) {
      toastFailure(LINK_ITEM_MESSAGES.batchFailed, error);
      throw error;
    }
    const outcome = linkImportOutcome(result);
    reportImport(outcome);
    return [...outcome.refused];
  };

  const handleDelete = async () => {
    if (!(await confirmDelete())) return;
    try {
      await deleteLinks.mutateAsync(selectedKeys.map(Number));
    } catch (error) {
      toastFailure(LINK_ITEM_MESSAGES.deleteFailed, error);
      return;
    }
    const count = selectedKeys.length;
    setSelectedKeys([]);
    toastDone(`${LINK_ITEM_MESSAGES.deleted} (${count})`);
  };

  // The upload's toast says what was added and refused, and lists the refused lines (lib/import-outcome).
  const handleUploaded = () => void onReload();

  const handleReload = async () => {
    try {
      await onReload();
      toastDone(LINK_ITEM_MESSAGES.loaded);
    } catch (error) {
      toastFailure(LINK_ITEM_MESSAGES.loadFailed, error);
    }
  };

  return (
    <>
      <DataTable<UrlItem>
        testId="links-table"
        columns={columns}
        rows={data?.urls}
        rowKey="id"
        keyColumns={['url', 'anchor']}
        loading={loading}
        scrollY={scrollY}
        selection={{ selectedKeys, onChange: (keys) => setSelectedKeys(keys) }}
        server={{ total: data?.total ?? 0, page: grid.page, pageSize: grid.pageSize, onChange: onGridChange }}
        expandable={{
          // A published link's check history, loaded when opened from its Action cell (no extra column: the grid's columns stay put).
          showExpandColumn: false,
          expandedRowKeys: historyKeys,
          expandedRowRender: (link) => <LinkCheckHistory linkSetId={linkSetId} linkId={link.id} />,
        }}
        emptyText="No links: add some, or upload a file of URL|x|anchor|x|links on page lines"
        toolbar={{
          left: (
            <>
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ link: undefined })} data-testid="add-link">Add</Button>
              <Button icon={<UnorderedListOutlined />} onClick={() => setBatchOpen(true)} data-testid="batch-add-links">Batch add</Button>
              <DeleteSelectedButton selected={selectedKeys.length} loading={deleteLinks.isPending} onClick={() => void handleDelete()} testId="delete-links">Delete selected</DeleteSelectedButton>
              <CheckNowButton
                scope={selectedKeys.length > 0 ? { urlItemIds: selectedKeys.map(Number) } : null}
                label={`Check selected (${selectedKeys.length})`} testId="check-now-selected"
              />
              <CheckNowButton scope={{ linkSetId }} label="Check all now" testId="check-now-link-set" />
              <UploadButton action={`/action/import/url_list/${linkSetId}`} accept=".txt,.csv,text/plain" label="Upload file" outcome={linkFileOutcome} onDone={handleUploaded} testId="upload-links" />
              <LinkDownloadMenu linkSetId={linkSetId} linkSetName={data?.urlList.name ?? 'links'} />
            </>
          ),
          right: <Button icon={<ReloadOutlined />} onClick={() => void handleReload()} aria-label="Reload the links" data-testid="reload-links" />,
        }}
      />
      <LinkDialog open={dialog !== null} link={dialog?.link} onSubmit={handleSave} onClose={() => setDialog(null)} />
      <TextImportDialog
        open={batchOpen}
        title="Batch add links"
        label="One link per line: URL|x|anchor|x|links on page (anchor and links on page are optional)"
        placeholder={'https://example.com/page|x|anchor text|x|12\nhttps://example.org/other|x|another anchor\nwww.example.net'}
        requiredMessage={LINK_MESSAGES.linksRequired}
        onSubmit={handleBatch}
        keepRefused={(message) => message !== LINK_MESSAGES.duplicate}
        onClose={() => setBatchOpen(false)}
        testId="batch-links-dialog"
      />
    </>
  );
}
