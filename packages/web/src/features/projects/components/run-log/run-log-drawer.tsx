import { Alert, Button, Drawer, Empty, Skeleton } from 'antd';
import { HttpError, describeHttpFailure } from '@/lib/http-error';
import { RUN_LOG_LOAD_FAILED, useRunLog } from '../../api/run-log-api';
import { runLogTitle } from './run-log-kinds';
import { RunLogLine } from './run-log-line';

/** Whose log the drawer shows: one site (its row key and address), or null for all the project's sites. */
export type RunLogTarget = { siteKey: string; site: string } | null;

/** Props of {@link RunLogDrawer}. */
export interface RunLogDrawerProps {
  projectId: number;
  target: RunLogTarget;
  open: boolean;
  onClose: () => void;
}

/** A failed read, said where the log would be, with Retry (the log's reads raise no toast). */
function LoadFailed({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const { title, lines } = error instanceof HttpError ? describeHttpFailure(error.failure()) : { title: RUN_LOG_LOAD_FAILED, lines: [] };
  return (
    <Alert
      type="error" showIcon title={title} data-testid="run-log-failed" style={{ margin: '8px 0' }}
      description={lines.length > 0 ? <span style={{ whiteSpace: 'pre-line' }}>{lines.join('\n')}</span> : undefined}
      action={<Button size="small" onClick={onRetry} data-testid="run-log-retry">Retry</Button>}
    />
  );
}

/** The lines, newest first, following the run live; older ones page by page. */
export function RunLogLines({ projectId, siteKey }: { projectId: number; siteKey: string | null }) {
  const log = useRunLog(projectId, siteKey);
  if (log.isPending) return <div data-testid="run-log-loading"><Skeleton active title={false} paragraph={{ rows: 8 }} /></div>;
  if (log.isLoadingError) return <LoadFailed error={log.error} onRetry={() => void log.refetch()} />;
  const entries = log.data.pages.flatMap((page) => page.entries);
  // A failed "Load older" is said where it was asked for; a failed refresh above the lines.
  const failure = log.isError && (
    <LoadFailed error={log.error} onRetry={() => void (log.isFetchNextPageError ? log.fetchNextPage() : log.refetch())} />
  );
  return (
    <>
      {!log.isFetchNextPageError && failure}
      {entries.length === 0
        ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Nothing logged yet: the log fills as the run sends posts" data-testid="run-log-empty" />
        : entries.map((entry) => <RunLogLine key={entry.id} entry={entry} now={log.dataUpdatedAt} showSite={siteKey === null} />)}
      {log.isFetchNextPageError && failure}
      {log.hasNextPage && !log.isFetchNextPageError && (
        <Button block loading={log.isFetchingNextPage} onClick={() => void log.fetchNextPage()} style={{ marginTop: 12 }} data-testid="run-log-more">
          Load older
        </Button>
      )}
    </>
  );
}

/**
 * The run log of a project or one of its sites (issue 35 item 2): what was sent, what the site
 * answered, retries and waits, with links to the posts — read instead of guessing from View Error.
 * Its lines are read only while it is open.
 */
export function RunLogDrawer({ projectId, target, open, onClose }: RunLogDrawerProps) {
  return (
    <Drawer open={open} onClose={onClose} size="large" title={runLogTitle(target?.site ?? null)} destroyOnHidden data-testid="run-log-drawer">
      <RunLogLines projectId={projectId} siteKey={target?.siteKey ?? null} />
    </Drawer>
  );
}
