import { Button, Divider, Flex, Select, Slider, Switch, Tooltip } from 'antd';
import {
  ApartmentOutlined, AppstoreAddOutlined, BlockOutlined, ClearOutlined, CompressOutlined, DownloadOutlined, ExpandOutlined, ExportOutlined,
  FormOutlined, QuestionCircleOutlined, RedoOutlined, UndoOutlined, ZoomInOutlined, ZoomOutOutlined,
} from '@ant-design/icons';
import { DIAGRAM_EDITOR, DISABLED_REASONS } from '@linkloom/shared';
import { ExplainedButton, type DisabledWhy } from '@/components/disabled-reason';

export type DesignerTheme = (typeof DIAGRAM_EDITOR.themes)[number];

/** Props of {@link DesignerToolbar}: the state it shows and what each control does. */
export interface DesignerToolbarProps {
  viewOnly: boolean;
  /** Built-in diagrams are always view-only: no switch. */
  canEdit: boolean;
  canUndo: boolean;
  canRedo: boolean;
  undoLabel: string | null;
  zoom: number;
  theme: DesignerTheme;
  laidOut: boolean;
  /** A narrow screen: the stencil and the inspector are drawers opened from here. */
  narrow: boolean;
  navigatorShown: boolean;
  /** Why the inspector cannot open (no single node chosen); null when it can. Narrow screens only. */
  inspectReason: DisabledWhy;
  onUndo: () => void;
  onRedo: () => void;
  onClear: () => void;
  onExport: (format: 'svg' | 'png') => void;
  onLayout: () => void;
  onFit: () => void;
  /** One zoom step in (1) or out (-1). */
  onZoomStep: (direction: 1 | -1) => void;
  onZoom: (zoom: number) => void;
  onFullscreen: () => void;
  onDownload: () => void;
  onTheme: (theme: DesignerTheme) => void;
  onViewOnly: (viewOnly: boolean) => void;
  onNavigator: (shown: boolean) => void;
  onOpenStencil: () => void;
  onOpenInspector: () => void;
}

const round = (zoom: number) => Math.round(zoom * 10) / 10;

/**
 * The paper's toolbar (spec 2 §2): undo, redo, clear, export (SVG or PNG), auto-layout, zoom to
 * fit / out / in, the zoom slider (0.2–5, step 0.2), fullscreen, Download Diagram, help link, the
 * theme picker, the view-only switch and the navigator's show/hide. Editing controls are hidden
 * in view-only mode. It wraps onto more rows when the paper is narrow; on a narrow screen it
 * also opens the stencil (Nodes) and the inspector (Properties), which are drawers there.
 */
export function DesignerToolbar(props: DesignerToolbarProps) {
  const { viewOnly, zoom, narrow } = props;
  return (
    <Flex className="ll-toolbar" gap={4} wrap align="center" data-testid="designer-toolbar">
      {narrow && !viewOnly && (
        <>
          <Button icon={<AppstoreAddOutlined />} onClick={props.onOpenStencil} data-testid="open-stencil">Nodes</Button>
          <ExplainedButton
            icon={<FormOutlined />} onClick={props.onOpenInspector} disabledReason={props.inspectReason} data-testid="open-inspector"
          >
            Properties
          </ExplainedButton>
          <Divider orientation="vertical" />
        </>
      )}
      {!viewOnly && (
        <>
          <ExplainedButton
            icon={<UndoOutlined />} disabledReason={props.canUndo ? null : DISABLED_REASONS.nothingToUndo} onClick={props.onUndo} aria-label="Undo" data-testid="undo"
            tooltip={props.undoLabel === null ? 'Undo' : `Undo: ${props.undoLabel}`}
          />
          <ExplainedButton
            icon={<RedoOutlined />} disabledReason={props.canRedo ? null : DISABLED_REASONS.nothingToRedo} onClick={props.onRedo} aria-label="Redo" data-testid="redo" tooltip="Redo"
          />
          <Tooltip title="Clear: remove everything but the Money Site">
            <Button icon={<ClearOutlined />} onClick={props.onClear} aria-label="Clear" data-testid="clear" />
          </Tooltip>
          <Tooltip title="Auto-layout (top to bottom)">
            <Button icon={<ApartmentOutlined />} onClick={props.onLayout} aria-label="Auto-layout" data-testid="auto-layout" loading={props.laidOut} />
          </Tooltip>
          <Divider orientation="vertical" />
        </>
      )}
      <Button icon={<ExportOutlined />} onClick={() => props.onExport('svg')} data-testid="export-svg">SVG</Button>
      <Button icon={<ExportOutlined />} onClick={() => props.onExport('png')} data-testid="export-png">PNG</Button>
      <Tooltip title="Zoom to fit"><Button icon={<CompressOutlined />} onClick={props.onFit} aria-label="Zoom to fit" data-testid="zoom-fit" /></Tooltip>
      <ExplainedButton
        icon={<ZoomOutOutlined />} onClick={() => props.onZoomStep(-1)} aria-label="Zoom out" data-testid="zoom-out" tooltip="Zoom out"
        disabledReason={zoom <= DIAGRAM_EDITOR.zoomMin ? DISABLED_REASONS.zoomedOutFully : null}
      />
      <Slider
        ariaLabelForHandle="Zoom" style={{ width: narrow ? 96 : 120, margin: '0 8px' }} min={DIAGRAM_EDITOR.zoomMin} max={DIAGRAM_EDITOR.zoomMax}
        step={DIAGRAM_EDITOR.zoomStep} value={Math.max(DIAGRAM_EDITOR.zoomMin, round(zoom))} onChange={(value) => props.onZoom(value)}
        tooltip={{ formatter: (value) => `${Math.round((value ?? 1) * 100)}%` }} data-testid="zoom-slider"
      />
      <ExplainedButton
        icon={<ZoomInOutlined />} onClick={() => props.onZoomStep(1)} aria-label="Zoom in" data-testid="zoom-in" tooltip="Zoom in"
        disabledReason={zoom >= DIAGRAM_EDITOR.zoomMax ? DISABLED_REASONS.zoomedInFully : null}
      />
      <Tooltip title={props.navigatorShown ? 'Hide the navigator' : 'Show the navigator'}>
        <Button
          icon={<BlockOutlined />} type={props.navigatorShown ? 'default' : 'dashed'} onClick={() => props.onNavigator(!props.navigatorShown)}
          aria-label="Navigator" aria-pressed={props.navigatorShown} data-testid="toggle-navigator"
        />
      </Tooltip>
      <Tooltip title="Fullscreen"><Button icon={<ExpandOutlined />} onClick={props.onFullscreen} aria-label="Fullscreen" data-testid="fullscreen" /></Tooltip>
      <Divider orientation="vertical" />
      <Button icon={<DownloadOutlined />} onClick={props.onDownload} data-testid="download-diagram">Download Diagram</Button>
      <Select
        style={{ width: narrow ? 100 : 120 }} value={props.theme} onChange={props.onTheme} aria-label="Theme" data-testid="theme"
        options={DIAGRAM_EDITOR.themes.map((theme) => ({ value: theme, label: theme }))}
      />
      {props.canEdit && (
        <Tooltip title="View only: nodes cannot be moved, no stencil or inspector">
          <Switch checkedChildren="View only" unCheckedChildren="Edit" checked={viewOnly} onChange={props.onViewOnly} data-testid="view-only" />
        </Tooltip>
      )}
      <a href="/help#diagrams" target="_blank" rel="noreferrer" data-testid="designer-help">
        <QuestionCircleOutlined /> Help
      </a>
    </Flex>
  );
}
