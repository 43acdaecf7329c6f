import { memo } from 'react';
import { Flex, Tag, Typography, theme } from 'antd';
import { formatLocalDate, shortLocalTime, type RunLogEntry } from '@linkloom/shared';
import { siteHref } from '@/components/site-grid';
import { RUN_LOG_KIND_TAGS } from './run-log-kinds';

/** Props of {@link RunLogLine}. */
export interface RunLogLineProps {
  entry: RunLogEntry;
  /** When the log was read: today's lines show the time only. */
  now: number;
  /** The whole project's log names each line's site. */
  showSite: boolean;
}

/**
 * One line of the run log: when (local time; the full date as its tooltip), what kind, the site
 * (in the whole project's log), what happened, and a link to the post once it is up.
 */
export const RunLogLine = memo(function RunLogLine({ entry, now, showSite }: RunLogLineProps) {
  const { token } = theme.useToken();
  const tag = RUN_LOG_KIND_TAGS[entry.kind];
  const href = entry.url === null ? undefined : siteHref(entry.url);
  return (
    <Flex
      gap={8} align="baseline" wrap data-testid="run-log-line" data-kind={entry.kind}
      style={{ padding: '6px 0', borderBottom: `1px solid ${token.colorBorderSecondary}` }}
    >
      <Typography.Text type="secondary" title={formatLocalDate(new Date(entry.at))} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {shortLocalTime(entry.at, now)}
      </Typography.Text>
      <Tag color={tag.colour} style={{ marginInlineEnd: 0 }}>{tag.label}</Tag>
      <Typography.Text style={{ flex: 1, minWidth: 200 }}>
        {showSite && <Typography.Text strong>{entry.site}: </Typography.Text>}
        {entry.message}
      </Typography.Text>
      {href && (
        <Typography.Link href={href} target="_blank" rel="noopener noreferrer" title={entry.url ?? undefined} data-testid="run-log-open-post">
          Open post
        </Typography.Link>
      )}
    </Flex>
  );
});
