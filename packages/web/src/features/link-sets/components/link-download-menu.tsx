import { Button, Dropdown, type MenuProps } from 'antd';
import { DownOutlined, DownloadOutlined } from '@ant-design/icons';
import { downloadFile } from '@/lib/download';
import { useBacklinksExport } from '@/components/backlinks-export/use-backlinks-export';

/** The three exports of one link set (spec 1 §7), each streamed by the server. */
const EXPORTS = [
  { key: 'full', label: 'All info (CSV)', path: 'url_list', suffix: '.csv' },
  { key: 'urls', label: 'URLs only (TXT)', path: 'url_list_only', suffix: '.txt' },
  { key: 'da', label: 'URLs with DA (CSV)', path: 'url_list_pr', suffix: '_da.csv' },
] as const;

/**
 * Download menu of the link set screen: the link set's files, then its Backlinks export (CSV or
 * Excel, through the shared dialog). A failed download is already notified by the http layer.
 */
export function LinkDownloadMenu({ linkSetId, linkSetName }: { linkSetId: number; linkSetName: string }) {
  const backlinks = useBacklinksExport();
  const items: MenuProps['items'] = [
    ...EXPORTS.map((entry) => ({ key: entry.key, label: <span data-testid={`download-links-${entry.key}`}>{entry.label}</span> })),
    { type: 'divider' },
    ...backlinks.items('download-links'),
  ];
  const handleClick: MenuProps['onClick'] = ({ key }) => {
    if (backlinks.handleMenuKey(key, { scope: 'link_set', id: linkSetId, name: linkSetName })) return;
    const entry = EXPORTS.find((candidate) => candidate.key === key);
    if (!entry) return;
    void downloadFile({ url: `/action/export/${entry.path}/${linkSetId}`, fallbackName: `${linkSetName}${entry.suffix}` }).catch(() => undefined);
  };
  return (
    <>
      <Dropdown menu={{ items, onClick: handleClick }} trigger={['click']}>
        <Button icon={<DownloadOutlined />} data-testid="download-links">
          Download <DownOutlined />
        </Button>
      </Dropdown>
      {backlinks.dialog}
    </>
  );
}
