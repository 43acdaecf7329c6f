import { useCallback, useMemo, type ReactNode } from 'react';
import { Button } from 'antd';
import { shortLocalTime, type ProjectRow, type SiteRow } from '@linkloom/shared';
import { SiteGrid } from '@/components/site-grid';
import type { ProjectEditor } from './use-project-editor';
import { useBlockedSiteTest } from '../api/blocked-sites-api';
import { useProjectOutlook } from '../api/run-outlook-api';
import { useRunLogDrawer } from '../components/run-log/use-run-log-drawer';

/** A site's progress with its next planned post (issue 35 item 2), when its run has one left. */
function withNextPost(rows: readonly SiteRow[], next: ReadonlyMap<string, number>, now: number): SiteRow[] {
  return rows.map((row) => {
    const at = next.get(row.key);
    if (at === undefined) return row;
    const when = at <= now + 1000 ? 'next post now' : `next post ${shortLocalTime(at, now)}`;
    return { ...row, waitInfo: row.waitInfo ? `${row.waitInfo} · ${when}` : when };
  });
}

/**
 * The Sites tab of any project screen: the editor's sites and selection in the shared grid; blocked
 * sites marked; each site's next post; each site's run log (issue 35 item 2) behind its Log button.
 */
export function ProjectSitesTab({ editor, project, grouping, emptyHint }: {
  editor: ProjectEditor; project: Pick<ProjectRow, 'id' | 'status'>; grouping: 'module-platform' | 'platform'; emptyHint: ReactNode;
}) {
  const isBlocked = useBlockedSiteTest();
  const outlook = useProjectOutlook(project.id, project.status);
  const sites = useMemo(() => {
    const open = outlook.data?.run?.state === 'running' || outlook.data?.run?.state === 'stopping';
    const next = new Map((open ? outlook.data?.sites ?? [] : []).flatMap((site) => (site.nextPostAt === null ? [] : [[site.siteKey, site.nextPostAt] as const])));
    return next.size === 0 ? editor.sites : withNextPost(editor.sites, next, outlook.dataUpdatedAt);
  }, [editor.sites, outlook.data, outlook.dataUpdatedAt]);
  const runLog = useRunLogDrawer(project.id);
  const { show } = runLog;
  const logButton = useCallback((row: SiteRow) => (
    <Button type="link" size="small" aria-label={`Run log of ${row.siteUrl}`} onClick={() => show({ siteKey: row.key, site: row.siteUrl })} data-testid="site-run-log">
      Log
    </Button>
  ), [show]);
  return (
    <>
      <SiteGrid
        urlState
        sites={sites}
        grouping={grouping}
        checked={editor.checked}
        onCheckedChange={editor.setChecked}
        editing={editor.editing}
        showSelectionError={editor.showSelectionError}
        emptyHint={emptyHint}
        loading={editor.sitesLoading}
        isBlocked={isBlocked}
        rowAction={logButton}
      />
      {runLog.drawer}
    </>
  );
}
