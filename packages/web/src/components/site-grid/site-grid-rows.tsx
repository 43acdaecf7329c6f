import { memo, type CSSProperties, type KeyboardEvent, type ReactNode } from 'react';
import { Tag, Typography } from 'antd';
import { CaretDownOutlined, CaretRightOutlined } from '@ant-design/icons';
import { checkState, type SiteGroup, type SiteRow } from '@linkloom/shared';
import { StatusTag } from '@/components/status-tag';
import { GridCheckbox } from './grid-checkbox';
import { LEVEL_INDENT, ROW_HEIGHT, daText, dofollowText, siteHref, type SiteGridColumn } from './site-grid-columns';

/** Where a line sits and how it looks; primitives only, so unchanged lines skip re-rendering. */
export interface RowFrame {
  /** Position in the virtual list (keyboard navigation finds lines by it); aria-rowindex is one more for the column header. */
  index: number;
  /** Offset from the top of the rows, px. */
  top: number;
  /** CSS grid-template-columns shared with the column header. */
  template: string;
  background: string;
  borderColour: string;
}

function lineStyle({ top, template, background, borderColour }: RowFrame): CSSProperties {
  return {
    position: 'absolute', top: 0, left: 0, width: '100%', height: ROW_HEIGHT, transform: `translateY(${top}px)`,
    display: 'grid', gridTemplateColumns: template, alignItems: 'center', boxSizing: 'border-box',
    borderBottom: `1px solid ${borderColour}`, background,
  };
}

const visuallyHidden: CSSProperties = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' };

const cellStyle = (column: SiteGridColumn): CSSProperties => ({
  padding: '0 8px',
  overflow: 'hidden',
  whiteSpace: 'nowrap',
  textOverflow: 'ellipsis',
  textAlign: column.align ?? 'left',
  minWidth: 0,
});

/** The sticky column titles. */
export function ColumnHeader({ columns, style }: { columns: readonly SiteGridColumn[]; style: CSSProperties }) {
  return (
    <div role="row" aria-rowindex={1} style={style} data-testid="site-grid-header">
      {columns.map((column) => (
        <div key={column.key} role="columnheader" style={cellStyle(column)}>
          {column.hiddenTitle ? <span style={visuallyHidden}>{column.hiddenTitle}</span> : column.title}
        </div>
      ))}
    </div>
  );
}

/** Props of {@link GroupHeaderRow}. */
export interface GroupHeaderRowProps extends RowFrame {
  group: SiteGroup;
  collapsed: boolean;
  selected: number;
  editing: boolean;
  onToggleCollapsed: (groupKey: string) => void;
  onToggleRows: (group: SiteGroup, on: boolean) => void;
}

/**
 * A group line: caret, group checkbox (all / some / none of the group's visible rows), name, row
 * count and selected count. The line itself is focusable; Enter or Space on it (or a click)
 * collapses or expands the group.
 */
export const GroupHeaderRow = memo(function GroupHeaderRow(props: GroupHeaderRowProps) {
  const { group, collapsed, selected, editing, onToggleCollapsed, onToggleRows, index } = props;
  const state = checkState(selected, group.rows.length);
  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.target !== event.currentTarget || (event.key !== 'Enter' && event.key !== ' ')) return;
    event.preventDefault();
    onToggleCollapsed(group.key);
  };
  return (
    <div
      role="row"
      tabIndex={0}
      aria-rowindex={index + 2}
      aria-level={group.level + 1}
      aria-expanded={!collapsed}
      data-index={index}
      data-testid="site-group"
      data-group={group.key}
      data-collapsed={collapsed}
      style={{ ...lineStyle(props), cursor: 'pointer' }}
      onClick={() => onToggleCollapsed(group.key)}
      onKeyDown={handleKeyDown}
    >
      {/* In the select column, aligned with the rows' checkboxes; a click on it must not collapse the group. */}
      <div role="gridcell" style={{ textAlign: 'center' }} onClick={(event) => event.stopPropagation()}>
        <GridCheckbox label={`Select group ${group.name}`} state={state} disabled={!editing} onChange={(on) => onToggleRows(group, on)} />
      </div>
      <div role="gridcell" style={{ display: 'flex', alignItems: 'center', gap: 8, paddingLeft: 8 + group.level * LEVEL_INDENT, minWidth: 0, gridColumn: '2 / -1', overflow: 'hidden', whiteSpace: 'nowrap' }}>
        {collapsed ? <CaretRightOutlined aria-hidden /> : <CaretDownOutlined aria-hidden />}
        <Typography.Text strong={group.level === 0}>{group.name}</Typography.Text>
        <Tag data-testid="site-group-count">{group.rows.length}</Tag>
        <Typography.Text type="secondary" data-testid="site-group-selected">{selected} selected</Typography.Text>
      </div>
    </div>
  );
});

/** Props of {@link SiteRowLine}. */
export interface SiteRowLineProps extends RowFrame {
  row: SiteRow;
  level: number;
  columns: readonly SiteGridColumn[];
  checked: boolean;
  editing: boolean;
  onToggle: (key: string, on: boolean) => void;
  /** One of the user's blocked sites: marked, and the engine never posts to it. */
  blocked?: boolean;
  /** The screen's own action for the row (the Action column); stable, so lines skip re-rendering. */
  rowAction?: ((row: SiteRow) => ReactNode) | undefined;
}

/** One site: checkbox, link to the site (new tab), email, status, DA, dofollow, progress, and the screen's action if any. */
export const SiteRowLine = memo(function SiteRowLine(props: SiteRowLineProps) {
  const { row, level, columns, checked, editing, onToggle, index, blocked = false, rowAction } = props;
  const href = siteHref(row.siteUrl);
  const cell = (column: SiteGridColumn) => {
    switch (column.key) {
      case 'select':
        return (
          <GridCheckbox label={`Select ${row.siteUrl}`} state={checked ? 'all' : 'none'} disabled={!editing} onChange={(on) => onToggle(row.key, on)} />
        );
      case 'site': {
        const link = href
          ? <a href={href} target="_blank" rel="noreferrer" title={row.siteUrl} style={{ paddingLeft: level * LEVEL_INDENT }}>{row.siteUrl}</a>
          : <span title={row.siteUrl} style={{ paddingLeft: level * LEVEL_INDENT }}>{row.siteUrl}</span>;
        if (!blocked) return link;
        return <>{link} <Tag color="red" title="Blocked in Options, Blocked Sites: never posted to" data-testid="site-blocked">Blocked</Tag></>;
      }
      case 'email':
        return <span title={row.email}>{row.email}</span>;
      case 'status':
        return <StatusTag status={row.status} />;
      case 'da':
        return daText(row.pr);
      case 'dofollow':
        return dofollowText(row.dofollow);
      case 'progress':
        return <span title={row.waitInfo ?? undefined}>{row.waitInfo ?? ''}</span>;
      case 'action':
        return rowAction?.(row) ?? null;
    }
  };
  return (
    <div role="row" aria-rowindex={index + 2} aria-level={level + 1} aria-selected={checked} data-index={index} data-testid="site-row" data-key={row.key} style={lineStyle(props)}>
      {columns.map((column) => (
        <div key={column.key} role="gridcell" data-column={column.key} style={cellStyle(column)}>{cell(column)}</div>
      ))}
    </div>
  );
});
