import { useState } from 'react';
import { Button, Tag, Tooltip } from 'antd';
import { useRepoint } from '@/components/dead-pages/dead-pages-api';
import { LINK_CHECK_LABELS, type UrlItem } from '@linkloom/shared';
import { formatDateAdded } from './links-grid-state';

const COLOURS: Record<UrlItem['checkStatus'], string | undefined> = {
  NONE: undefined,
  PENDING: 'processing',
  OK: 'green',
  NOFOLLOW: 'orange',
  MISSING: 'red',
  ERROR: 'volcano',
};

/** DD/MM/YY HH:MM of a check. */
export function checkedAtText(epochMs: number): string {
  const date = new Date(epochMs);
  return `${formatDateAdded(epochMs)} ${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`;
}

/**
 * The Verified column of a link: the backlink check's state as a tag (Dofollow ✓, Nofollow,
 * Missing, Error, Pending, or – when never checked), what the check found as its tooltip.
 */
export function LinkCheckTag({ link }: { link: Pick<UrlItem, 'id' | 'checkStatus' | 'checkInfo' | 'checkedAt' | 'pointsToDeadPage'> }) {
  const check = <CheckTag link={link} />;
  if (!link.pointsToDeadPage) return check;
  // The knock-on of a dead upper-tier page (issue 36 item 3): this post still links to it.
  return (
    <span style={{ display: 'inline-flex', flexWrap: 'wrap', gap: 4 }}>
      {check}
      <Tooltip title={DEAD_PAGE_TIP}>
        <Tag color="magenta" tabIndex={0} data-testid={`link-dead-target-${link.id}`}>points to a dead page</Tag>
      </Tooltip>
      <RepointButton urlItemId={link.id} />
    </span>
  );
}

/** What the "points to a dead page" tag explains. */
export const DEAD_PAGE_TIP = 'This post links to a page of the tier above that was found dead twice in a row: it is at risk. Re-point it: the post is edited on its site to link to another live page of that tier. Or re-publish the dead page from the campaign\'s Dead pages. New posts no longer link to it.';

/** Re-point this one post (its links to dead pages go to live ones of the same tier). */
function RepointButton({ urlItemId }: { urlItemId: number }) {
  const repoint = useRepoint();
  const [busy, setBusy] = useState(false);
  return (
    <Button type="link" size="small" style={{ padding: 0, height: 'auto' }} loading={busy} data-testid={`link-repoint-${urlItemId}`}
      onClick={() => { setBusy(true); void repoint({ urlItemIds: [urlItemId] }, 1, null).finally(() => setBusy(false)); }}>
      Re-point
    </Button>
  );
}

function CheckTag({ link }: { link: Pick<UrlItem, 'id' | 'checkStatus' | 'checkInfo' | 'checkedAt'> }) {
  const label = LINK_CHECK_LABELS[link.checkStatus];
  if (link.checkStatus === 'NONE') return <span data-testid={`link-check-${link.id}`} data-status="NONE" aria-label="Not checked">{label}</span>;
  const details = [link.checkInfo, link.checkedAt === null ? null : `Checked ${checkedAtText(link.checkedAt)}`].filter((line): line is string => Boolean(line));
  const tag = (
    <Tag color={COLOURS[link.checkStatus]} data-testid={`link-check-${link.id}`} data-status={link.checkStatus}>
      {label}
    </Tag>
  );
  if (details.length === 0) return tag;
  return (
    <Tooltip title={<span style={{ whiteSpace: 'pre-line', wordBreak: 'break-word' }}>{details.join('\n')}</span>}>
      {/* A focusable wrapper: keyboard users reach the tooltip too. */}
      <span tabIndex={0} data-testid={`link-check-info-${link.id}`}>{tag}</span>
    </Tooltip>
  );
}
