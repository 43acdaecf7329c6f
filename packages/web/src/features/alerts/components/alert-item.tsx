import { memo } from 'react';
import { Button, Flex, Tag, Typography, theme } from 'antd';
import { formatLocalDate, shortLocalTime, type Alert, type AlertDelivery, type AlertKind } from '@linkloom/shared';
import { postHref } from '../api/alerts-cache';

const KIND_TAGS: Record<AlertKind, { label: string; colour: string }> = {
  link_dead: { label: 'Lost', colour: 'error' },
  link_back: { label: 'Back', colour: 'success' },
  digest: { label: 'Digest', colour: 'processing' },
};

const DELIVERY_WORDS: Record<AlertDelivery['state'], string> = {
  pending: 'waiting', sent: 'sent', failed: 'failed', refused: 'refused', skipped: 'not sent',
};

/** "Webhook: sent · Email: failed", the reasons as the tooltip. */
function Deliveries({ alert }: { alert: Alert }) {
  const parts: [string, AlertDelivery][] = [];
  if (alert.webhook) parts.push(['Webhook', alert.webhook]);
  if (alert.email) parts.push(['Email', alert.email]);
  if (parts.length === 0) return null;
  return (
    <Typography.Text type="secondary" style={{ fontSize: 12 }} title={parts.map(([name, delivery]) => `${name}: ${delivery.info}`).join('\n')} data-testid="alert-deliveries">
      {parts.map(([name, delivery]) => `${name}: ${DELIVERY_WORDS[delivery.state]}`).join(' · ')}
    </Typography.Text>
  );
}

/** Props of {@link AlertItem}. */
export interface AlertItemProps {
  alert: Alert;
  /** When the list was read: today's alerts show the time only. */
  now: number;
  onRead: (id: number) => void;
}

/**
 * One alert: what kind, when, its title (bold while unread), what was seen and what to do, the
 * site, links to the post and to its link set (or the campaign, for a digest), and Mark read.
 */
export const AlertItem = memo(function AlertItem({ alert, now, onRead }: AlertItemProps) {
  const { token } = theme.useToken();
  const tag = KIND_TAGS[alert.kind];
  const href = postHref(alert.url);
  const unread = alert.readAt === null;
  return (
    <Flex
      vertical gap={4} data-testid="alert-item" data-kind={alert.kind} data-read={unread ? 'false' : 'true'}
      style={{ padding: '10px 0', borderBottom: `1px solid ${token.colorBorderSecondary}` }}
    >
      <Flex gap={8} align="baseline" wrap>
        <Tag color={tag.colour} style={{ marginInlineEnd: 0 }}>{tag.label}</Tag>
        <Typography.Text strong={unread} style={{ flex: 1, minWidth: 160 }} data-testid="alert-title">{alert.title}</Typography.Text>
        <Typography.Text type="secondary" title={formatLocalDate(new Date(alert.createdAt))} style={{ fontVariantNumeric: 'tabular-nums' }}>
          {shortLocalTime(alert.createdAt, now)}
        </Typography.Text>
      </Flex>
      <Typography.Paragraph style={{ whiteSpace: 'pre-line', marginBottom: 0 }} data-testid="alert-body">{alert.body}</Typography.Paragraph>
      <Flex gap={12} align="center" wrap>
        {alert.site && <Typography.Text type="secondary">{alert.site}</Typography.Text>}
        {href && (
          <Typography.Link href={href} target="_blank" rel="noopener noreferrer" title={alert.url ?? undefined} data-testid="alert-open-post">
            Open post
          </Typography.Link>
        )}
        {alert.linkSetId !== null && alert.kind !== 'digest' && <Typography.Link href={`#/url_list/${alert.linkSetId}`} data-testid="alert-open-link-set">Link set</Typography.Link>}
        {alert.campaignId !== null && alert.kind === 'digest' && <Typography.Link href={`#/campaign/${alert.campaignId}`} data-testid="alert-open-campaign">Campaign</Typography.Link>}
        <Deliveries alert={alert} />
        {unread && <Button size="small" type="link" onClick={() => onRead(alert.id)} data-testid="alert-mark-read" style={{ marginInlineStart: 'auto' }}>Mark read</Button>}
      </Flex>
    </Flex>
  );
});
