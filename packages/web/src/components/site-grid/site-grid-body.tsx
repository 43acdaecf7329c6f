import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import { theme } from 'antd';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { SiteGridItem, SiteGroup, SiteRow } from '@linkloom/shared';
import { HEADER_HEIGHT, ROW_HEIGHT, columnLayout, type SiteGridColumn } from './site-grid-columns';
import { ColumnHeader, GroupHeaderRow, SiteRowLine } from './site-grid-rows';

/** Lines drawn above and below the window so a fast scroll shows no blank band. */
const OVERSCAN = 12;

/** Props of {@link SiteGridBody}. */
export interface SiteGridBodyProps {
  items: readonly SiteGridItem[];
  columns: readonly SiteGridColumn[];
  checked: ReadonlySet<string>;
  groupSelected: ReadonlyMap<string, number>;
  editing: boolean;
  height: number;
  onToggleSite: (key: string, on: boolean) => void;
  onToggleGroupRows: (group: SiteGroup, on: boolean) => void;
  onToggleCollapsed: (groupKey: string) => void;
  isBlocked?: ((siteUrl: string) => boolean) | undefined;
  rowAction?: ((row: SiteRow) => ReactNode) | undefined;
}

// Arrow keys move between lines (rows outside the window are scrolled in first), Home / End jump.
function targetIndex(key: string, current: number, count: number, pageSize: number): number | null {
  switch (key) {
    case 'ArrowDown': return Math.min(count - 1, current + 1);
    case 'ArrowUp': return Math.max(0, current - 1);
    case 'PageDown': return Math.min(count - 1, current + pageSize);
    case 'PageUp': return Math.max(0, current - pageSize);
    case 'Home': return 0;
    case 'End': return count - 1;
    default: return null;
  }
}

/**
 * The scrolling part of the grid: a sticky column header and only the lines in view (plus an
 * overscan), each absolutely placed at its fixed-height slot, so 20,000 rows cost what 40 do.
 */
export function SiteGridBody(props: SiteGridBodyProps) {
  const { items, columns, checked, groupSelected, editing, height } = props;
  const { token } = theme.useToken();
  const scrollRef = useRef<HTMLDivElement>(null);
  // TanStack Virtual keeps mutable state behind stable functions; nothing here memoises its results.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    getItemKey: (index) => items[index]?.key ?? index,
    overscan: OVERSCAN,
    scrollMargin: HEADER_HEIGHT,
    initialRect: { width: 0, height },
  });
  const { template, minWidth } = columnLayout(columns);
  const frame = (index: number, start: number, background: string) => ({ index, top: start - HEADER_HEIGHT, template, background, borderColour: token.colorBorderSecondary });
  // A group line takes focus itself; a site line through its checkbox.
  const focusLine = (index: number): boolean => {
    const line = scrollRef.current?.querySelector<HTMLElement>(`[data-index="${index}"]`);
    const target = line?.dataset.testid === 'site-row' ? line.querySelector<HTMLElement>('input[type=checkbox]') : line;
    target?.focus({ preventScroll: true });
    return Boolean(target);
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const line = event.target instanceof Element ? event.target.closest<HTMLElement>('[data-index]') : null;
    if (!line) return;
    const next = targetIndex(event.key, Number(line.dataset.index), items.length, Math.max(1, Math.floor(height / ROW_HEIGHT) - 1));
    if (next === null) return;
    event.preventDefault();
    virtualizer.scrollToIndex(next, { align: 'auto' });
    // A line outside the rendered window exists only after the scroll renders it.
    if (!focusLine(next)) requestAnimationFrame(() => focusLine(next));
  };

  return (
    <div
      ref={scrollRef}
      role="treegrid"
      aria-label="Sites"
      aria-rowcount={items.length + 1}
      aria-multiselectable
      data-testid="site-grid-body"
      onKeyDown={handleKeyDown}
      style={{ height, overflow: 'auto', position: 'relative', border: `1px solid ${token.colorBorderSecondary}`, borderRadius: token.borderRadius, overscrollBehavior: 'contain' }}
    >
      <div style={{ minWidth }}>
        <ColumnHeader
          columns={columns}
          style={{
            position: 'sticky', top: 0, zIndex: 2, height: HEADER_HEIGHT, display: 'grid', gridTemplateColumns: template, alignItems: 'center',
            background: token.colorFillAlter, borderBottom: `1px solid ${token.colorBorderSecondary}`, fontWeight: token.fontWeightStrong, boxSizing: 'border-box',
          }}
        />
        <div style={{ position: 'relative', height: virtualizer.getTotalSize() }}>
          {virtualizer.getVirtualItems().map((virtual) => {
            const item = items[virtual.index];
            if (!item) return null;
            return item.kind === 'group'
              ? (
                <GroupHeaderRow
                  key={item.key}
                  {...frame(virtual.index, virtual.start, token.colorFillQuaternary)}
                  group={item.group}
                  collapsed={item.collapsed}
                  selected={groupSelected.get(item.key) ?? 0}
                  editing={editing}
                  onToggleCollapsed={props.onToggleCollapsed}
                  onToggleRows={props.onToggleGroupRows}
                />
              )
              : (
                <SiteRowLine
                  key={item.key}
                  {...frame(virtual.index, virtual.start, token.colorBgContainer)}
                  row={item.row}
                  level={item.level}
                  columns={columns}
                  checked={checked.has(item.row.key)}
                  editing={editing}
                  onToggle={props.onToggleSite}
                  blocked={props.isBlocked?.(item.row.siteUrl) ?? false}
                  rowAction={props.rowAction}
                />
              );
          })}
        </div>
      </div>
    </div>
  );
}
