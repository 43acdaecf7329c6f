import { useCallback, useLayoutEffect, useMemo, useRef, type JSX, type ReactNode } from 'react';
import { Button, Empty, Spin, Typography } from 'antd';
import { PROJECT_FORM_MESSAGES, toggleGroup, toggleSite, type SiteGroup, type SiteGrouping, type SiteRow } from '@linkloom/shared';
import { useWindowFraction } from '@/lib/use-window-fraction';
import { rowsHaveEmail, siteGridColumns } from './site-grid-columns';
import { SiteGridBody } from './site-grid-body';
import { SiteGridToolbar } from './site-grid-toolbar';
import { useDebouncedCounts } from './use-debounced-counts';
import { useLocalSiteFilter, useSiteGridView, useUrlSiteFilter, type SiteFilterState } from './use-site-grid-view';

/** Props of {@link SiteGrid}. */
export interface SiteGridProps {
  sites: readonly SiteRow[];
  grouping: SiteGrouping;
  /** Keys (SiteRow.key) of the checked sites. */
  checked: ReadonlySet<string>;
  onCheckedChange: (next: Set<string>) => void;
  /** Checkboxes change only while the project is being edited. */
  editing: boolean;
  /** Shows the spec's 'You need to select at least one site' (a save found none ticked). */
  showSelectionError?: boolean;
  /** What the "No sites yet" state tells the user to do. */
  emptyHint?: ReactNode;
  /** Height of the scrolling body in px; 60% of the window unless given. */
  height?: number;
  loading?: boolean;
  /** Title of the last column, which shows each row's waitInfo; 'Progress' unless given. */
  noteTitle?: string;
  /** Sites the user blocked (Options, Blocked Sites): marked in the grid, never posted to. */
  isBlocked?: (siteUrl: string) => boolean;
  /**
   * A screen's own action per row (the project's Sites tab: the site's run log), in a narrow last
   * column; none unless given. Keep it stable (useCallback): every line re-renders when it changes.
   */
  rowAction?: (row: SiteRow) => ReactNode;
  /** Keep the selection / status / DA filters in the address (a screen's one grid; not in the wizard's tiers). */
  urlState?: boolean;
}

/** The grid's default share of the window height, and the least it shrinks to. */
const DEFAULT_HEIGHT_FRACTION = 0.6;
const MIN_HEIGHT_PX = 240;

/**
 * A project's sites (spec 1 §2, every project screen): grouped by module and platform or by
 * platform, with counts, selection / status / DA filters, collapsible groups with tri-state
 * checkboxes, and a virtualised body that stays smooth with 20,000 rows. Filters never change the
 * selection; group checkboxes act on the group's visible rows.
 */
export function SiteGrid(props: SiteGridProps): JSX.Element {
  // Two components, not a condition around a hook: a grid outside a router (tests) never reads the address.
  return props.urlState ? <SiteGridInUrl {...props} /> : <SiteGridOwnFilters {...props} />;
}

function SiteGridInUrl(props: SiteGridProps): JSX.Element {
  return <SiteGridWith {...props} filters={useUrlSiteFilter()} />;
}

function SiteGridOwnFilters(props: SiteGridProps): JSX.Element {
  return <SiteGridWith {...props} filters={useLocalSiteFilter()} />;
}

function SiteGridWith(props: SiteGridProps & { filters: SiteFilterState }): JSX.Element {
  const { sites, grouping, checked, onCheckedChange, editing, showSelectionError = false, emptyHint, loading = false, noteTitle, rowAction } = props;
  const windowHeight = useWindowFraction(DEFAULT_HEIGHT_FRACTION, MIN_HEIGHT_PX);
  const height = props.height ?? windowHeight;
  const view = useSiteGridView(sites, grouping, checked, props.filters);
  const counts = useDebouncedCounts(sites, checked);
  const showEmail = useMemo(() => rowsHaveEmail(sites), [sites]);
  const withAction = rowAction !== undefined;
  const columns = useMemo(() => siteGridColumns(showEmail, noteTitle, withAction), [showEmail, noteTitle, withAction]);

  // Stable handlers reading the latest selection: a tick re-renders only the lines it changes.
  const latest = useRef({ checked, editing, onCheckedChange });
  useLayoutEffect(() => {
    latest.current = { checked, editing, onCheckedChange };
  });
  const handleToggleSite = useCallback((key: string, on: boolean) => {
    const current = latest.current;
    if (current.editing) current.onCheckedChange(toggleSite(current.checked, key, on));
  }, []);
  const handleToggleGroupRows = useCallback((group: SiteGroup, on: boolean) => {
    const current = latest.current;
    if (current.editing) current.onCheckedChange(toggleGroup(current.checked, group.rows, on));
  }, []);

  const body = (() => {
    if (sites.length === 0) {
      return loading
        ? <div style={{ height, display: 'grid', placeItems: 'center' }}><Spin /></div>
        : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={<><div>No sites yet</div>{emptyHint && <Typography.Text type="secondary">{emptyHint}</Typography.Text>}</>} data-testid="site-grid-empty" />;
    }
    if (view.visible.length === 0) {
      return (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No sites match the filters" data-testid="site-grid-no-match">
          <Button onClick={view.clearFilters} data-testid="site-grid-clear-filters">Clear filters</Button>
        </Empty>
      );
    }
    return (
      <Spin spinning={loading}>
        <SiteGridBody
          items={view.items}
          columns={columns}
          checked={checked}
          groupSelected={view.groupSelected}
          editing={editing}
          height={height}
          onToggleSite={handleToggleSite}
          onToggleGroupRows={handleToggleGroupRows}
          onToggleCollapsed={view.toggleCollapsed}
          isBlocked={props.isBlocked}
          rowAction={rowAction}
        />
      </Spin>
    );
  })();

  return (
    <div data-testid="site-grid" data-editing={editing}>
      <SiteGridToolbar
        counts={counts}
        filter={view.filter}
        onFilterChange={view.setFilter}
        onCollapseAll={view.collapseAll}
        onExpandAll={view.expandAll}
        disabled={sites.length === 0}
      />
      {showSelectionError && (
        <Typography.Text type="danger" role="alert" data-testid="site-grid-selection-error" style={{ display: 'block', marginBottom: 8 }}>
          {PROJECT_FORM_MESSAGES.sitesRequired}
        </Typography.Text>
      )}
      {body}
    </div>
  );
}
