import { useCallback, useEffect, useMemo, useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import {
  Background, BackgroundVariant, MiniMap, ReactFlow, ReactFlowProvider, useReactFlow, useStore,
  type Connection, type EdgeChange, type EdgeTypes, type NodeChange, type OnNodeDrag,
} from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { App } from 'antd';
import { DIAGRAM_EDITOR, ERROR_TOAST_SECONDS, MONEY_SITE_TYPE, isDiagramLink } from '@linkloom/shared';
import { DesignerActionsContext, type DesignerActions } from './designer-context';
import { downloadDiagram, exportPng, exportSvg } from './export/export-files';
import type { Command } from './history/command-history';
import { LINK_EDGE_TYPE, createFlowCache, toFlow } from './model/diagram-adapter';
import {
  addNodeCommand, clearCommand, connectCommand, copySelection, isRefusal, moveCommand, pasteCommand, profileNameCommand,
  reconnectSourceCommand, removeCommand, swapLinkCommand, toggleModuleCommand, withPositions, type Clipboard, type Refusal,
} from './model/diagram-commands';
import type { DiagramEdge, DiagramNode } from './model/flow-types';
import { NODE_TYPES, nodeKindEntry } from './nodes/registry';
import { kindStyle } from './nodes/shared/kind-style';
import { KIND_DRAG_TYPE, Stencil } from './stencil';
import { SwapEdge } from './swap-edge';
import { DesignerToolbar, type DesignerTheme } from './toolbar/designer-toolbar';
import type { DiagramEditor } from './use-diagram-editor';
import './designer.css';

const EDGE_TYPES: EdgeTypes = { [LINK_EDGE_TYPE]: SwapEdge };
const FIT = { padding: `${DIAGRAM_EDITOR.fitPadding}px`, maxZoom: DIAGRAM_EDITOR.fitMaxScale } as const;
const clampZoom = (zoom: number) => Math.min(DIAGRAM_EDITOR.zoomMax, Math.max(DIAGRAM_EDITOR.zoomMin, Math.round(zoom * 10) / 10));
type Diagram = ReturnType<DiagramEditor['current']>;

/** Props of {@link DiagramCanvas}. */
export interface DiagramCanvasProps {
  editor: DiagramEditor;
  /** The diagram's name: file names of exports and downloads. */
  name: string;
  /** False for built-in diagrams: always view-only. */
  canEdit: boolean;
  profileNames: readonly string[];
}

/** The Diagram tab: stencil, toolbar, paper with grid and navigator, inspector. */
export function DiagramCanvas(props: DiagramCanvasProps) {
  return (
    <ReactFlowProvider>
      <Canvas {...props} />
    </ReactFlowProvider>
  );
}

interface DragStart {
  positions: Map<string, { x: number; y: number }>;
  /** Ctrl (⌘) held when the drag began: the selection is copied to the drop spot (clone drag). */
  clone: boolean;
}

function Canvas({ editor, name, canEdit, profileNames }: DiagramCanvasProps) {
  const { message } = App.useApp();
  const flow = useReactFlow<DiagramNode, DiagramEdge>();
  const zoom = useStore((state) => state.transform[2]);
  const [viewOnlyChoice, setViewOnlyChoice] = useState(false);
  const viewOnly = !canEdit || viewOnlyChoice;
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  const [theme, setTheme] = useState<DesignerTheme>('Modern');
  const [laying, setLaying] = useState(false);
  const [cache] = useState(createFlowCache);
  const wrapper = useRef<HTMLDivElement>(null);
  const dragStart = useRef<DragStart | null>(null);
  const clipboard = useRef<{ clip: Clipboard; pastes: number } | null>(null);
  const { doc, run, current, preview, recordDone } = editor;

  const selectedRef = useRef(selected);
  useEffect(() => {
    selectedRef.current = selected;
  }, [selected]);

  const { nodes, edges } = useMemo(() => toFlow(doc, { selected, viewOnly }, cache), [doc, selected, viewOnly, cache]);

  const refuse = useCallback((reason: string) => {
    message.warning({ content: <span data-testid="designer-refusal">{reason}</span>, duration: ERROR_TOAST_SECONDS });
  }, [message]);
  /** Runs an edit, or says why the rules refuse it. */
  const attempt = useCallback((command: Command<Diagram> | Refusal | null) => {
    if (command === null) return;
    if (isRefusal(command)) refuse(command.refused);
    else run(command);
  }, [refuse, run]);

  const actions = useMemo<DesignerActions>(() => ({
    viewOnly,
    toggleModule: (nodeId, moduleId) => {
      const node = current().cells.find((cell) => cell.id === nodeId);
      if (node && !isDiagramLink(node)) attempt(toggleModuleCommand(node, moduleId));
    },
    swapLink: (edgeId) => {
      const link = current().cells.find((cell) => cell.id === edgeId);
      if (link && isDiagramLink(link)) attempt(swapLinkCommand(current(), link));
    },
  }), [viewOnly, current, attempt]);

  const handleNodesChange = useCallback((changes: NodeChange<DiagramNode>[]) => {
    const positions = new Map<string, { x: number; y: number }>();
    let selection: Set<string> | null = null;
    for (const change of changes) {
      if (change.type === 'position' && change.position) positions.set(change.id, change.position);
      if (change.type === 'select') {
        selection ??= new Set(selectedRef.current);
        if (change.selected) selection.add(change.id);
        else selection.delete(change.id);
      }
    }
    if (positions.size > 0 && !viewOnly) preview((previous) => withPositions(previous, positions));
    if (selection) setSelected(selection);
  }, [preview, viewOnly]);

  const handleEdgesChange = useCallback((changes: EdgeChange<DiagramEdge>[]) => {
    let selection: Set<string> | null = null;
    for (const change of changes) {
      if (change.type !== 'select') continue;
      selection ??= new Set(selectedRef.current);
      if (change.selected) selection.add(change.id);
      else selection.delete(change.id);
    }
    if (selection) setSelected(selection);
  }, []);

  const handleDragStart: OnNodeDrag<DiagramNode> = useCallback((event, _node, dragged) => {
    const positions = new Map(dragged.map((node) => [node.id, { ...node.position }]));
    dragStart.current = { positions, clone: event.ctrlKey || event.metaKey };
  }, []);

  const handleDragStop: OnNodeDrag<DiagramNode> = useCallback((_event, node, dragged) => {
    const start = dragStart.current;
    dragStart.current = null;
    const from = start?.positions.get(node.id);
    if (!start || !from) return;
    const before = withPositions(current(), start.positions);
    if (start.clone) {
      // Clone drag: the originals go back, the copies (and the links among them) land where dropped.
      preview(() => before);
      const clip = copySelection(before, new Set(start.positions.keys()));
      if (clip === null) return;
      const pasted = pasteCommand(before, clip, { x: node.position.x - from.x, y: node.position.y - from.y });
      run(pasted.command);
      setSelected(new Set(pasted.ids));
      return;
    }
    const command = moveCommand(dragged.length === 1 ? 'Move node' : `Move ${dragged.length} nodes`, before, new Map(dragged.map((moved) => [moved.id, moved.position])));
    if (command) recordDone(command);
  }, [current, preview, recordDone, run]);

  const handleConnect = useCallback((connection: Connection) => {
    attempt(connectCommand(current(), connection.source, connection.target));
  }, [attempt, current]);

  const handleReconnect = useCallback((old: DiagramEdge, connection: Connection) => {
    const link = current().cells.find((cell) => cell.id === old.id);
    if (!link || !isDiagramLink(link)) return;
    if (connection.target !== old.target) {
      refuse('Only the parent end of a link can be dragged to another node');
      return;
    }
    attempt(reconnectSourceCommand(current(), link, connection.source));
  }, [attempt, current, refuse]);

  const addKind = useCallback((kind: string, point: { x: number; y: number }) => {
    const command = addNodeCommand(current(), kind, flow.screenToFlowPosition(point));
    run(command);
    const added = command.apply(current()).cells.at(-1);
    if (added) setSelected(new Set([added.id]));
  }, [current, flow, run]);

  const handleDrop = useCallback((event: DragEvent) => {
    const kind = event.dataTransfer.getData(KIND_DRAG_TYPE);
    if (kind === '' || viewOnly) return;
    event.preventDefault();
    addKind(kind, { x: event.clientX, y: event.clientY });
  }, [addKind, viewOnly]);

  const addAtCentre = useCallback((kind: string) => {
    const box = wrapper.current?.querySelector('.react-flow')?.getBoundingClientRect();
    if (box) addKind(kind, { x: box.left + box.width / 2, y: box.top + box.height / 2 });
  }, [addKind]);

  const copy = useCallback((cut: boolean) => {
    const clip = copySelection(current(), selected);
    if (clip === null) {
      if (selected.size > 0) refuse(`The Money Site cannot be ${cut ? 'cut' : 'copied'}`);
      return;
    }
    clipboard.current = { clip, pastes: 0 };
    if (cut) attempt(removeCommand(current(), new Set(clip.cells.map((cell) => cell.id))));
  }, [attempt, current, refuse, selected]);

  const paste = useCallback(() => {
    const held = clipboard.current;
    if (held === null) return;
    held.pastes += 1;
    const offset = DIAGRAM_EDITOR.pasteOffset * held.pastes;
    const pasted = pasteCommand(current(), held.clip, { x: offset, y: offset });
    run(pasted.command);
    setSelected(new Set(pasted.ids));
  }, [current, run]);

  const handleKeyDown = useCallback((event: KeyboardEvent) => {
    const target = event.target as HTMLElement;
    if (viewOnly || target.closest('input, textarea, [contenteditable="true"], .ant-select')) return;
    const mod = event.ctrlKey || event.metaKey;
    const key = event.key.toLowerCase();
    let handled = true;
    if (mod && key === 'z' && !event.shiftKey) editor.undo();
    else if (mod && (key === 'y' || (key === 'z' && event.shiftKey))) editor.redo();
    else if (mod && key === 'c') copy(false);
    else if (mod && key === 'x') copy(true);
    else if (mod && key === 'v') paste();
    else if (key === 'delete' || key === 'backspace') {
      const ids = selected;
      if ([...ids].some((id) => current().cells.some((cell) => cell.id === id && !isDiagramLink(cell) && cell.type === MONEY_SITE_TYPE)) && ids.size === 1) {
        refuse('The Money Site cannot be removed');
      } else attempt(removeCommand(current(), ids));
    } else handled = false;
    if (handled) event.preventDefault();
  }, [attempt, copy, current, editor, paste, refuse, selected, viewOnly]);

  // Alt + wheel zooms (spec 2 §9); the plain wheel pans the paper.
  useEffect(() => {
    const element = wrapper.current;
    if (!element) return undefined;
    const handleWheel = (event: WheelEvent) => {
      if (!event.altKey) return;
      event.preventDefault();
      event.stopPropagation();
      const now = flow.getZoom();
      void flow.zoomTo(clampZoom(now + (event.deltaY < 0 ? DIAGRAM_EDITOR.zoomStep : -DIAGRAM_EDITOR.zoomStep)));
    };
    element.addEventListener('wheel', handleWheel, { capture: true, passive: false });
    return () => element.removeEventListener('wheel', handleWheel, { capture: true });
  }, [flow]);

  const handleLayout = useCallback(async () => {
    setLaying(true);
    try {
      const { layoutDiagram } = await import('@/lib/diagram-layout');
      const command = moveCommand('Auto-layout', current(), layoutDiagram(current()));
      if (command) run(command);
      requestAnimationFrame(() => void flow.fitView(FIT));
    } finally {
      setLaying(false);
    }
  }, [current, flow, run]);

  const handleExport = useCallback((format: 'svg' | 'png') => {
    if (format === 'svg') exportSvg(current(), name);
    else void exportPng(current(), name).catch((error: unknown) => refuse(error instanceof Error ? error.message : String(error)));
  }, [current, name, refuse]);

  // The toolbar and the stencil are built once per change of what they show, not on every frame of
  // a drag (the document changes on each pointer move; they do not depend on it).
  const { undo, redo, canUndo, canRedo, undoLabel } = editor;
  const toolbar = useMemo(() => (
    <DesignerToolbar
      viewOnly={viewOnly} canEdit={canEdit} canUndo={canUndo} canRedo={canRedo} undoLabel={undoLabel}
      zoom={zoom} theme={theme} laidOut={laying}
      onUndo={undo} onRedo={redo} onClear={() => attempt(clearCommand(current()))}
      onExport={handleExport} onLayout={() => void handleLayout()} onFit={() => void flow.fitView(FIT)}
      onZoom={(next) => void flow.zoomTo(clampZoom(next))}
      onFullscreen={() => void wrapper.current?.requestFullscreen?.().catch(() => undefined)}
      onDownload={() => downloadDiagram(current(), name)} onTheme={setTheme} onViewOnly={setViewOnlyChoice}
    />
  ), [viewOnly, canEdit, canUndo, canRedo, undoLabel, zoom, theme, laying, undo, redo, attempt, current, handleExport, handleLayout, flow, name]);
  const stencil = useMemo(() => (viewOnly ? null : <Stencil onAdd={addAtCentre} />), [viewOnly, addAtCentre]);

  const inspected = useMemo(() => {
    if (viewOnly || selected.size !== 1) return null;
    const id = [...selected][0];
    const node = nodes.find((candidate) => candidate.id === id);
    const inspector = node ? nodeKindEntry(node.data.kind)?.inspector : null;
    return node && inspector ? { node, Inspector: inspector } : null;
  }, [nodes, selected, viewOnly]);

  return (
    <DesignerActionsContext.Provider value={actions}>
      <div ref={wrapper} className={`ll-designer ll-theme-${theme.toLowerCase()}`} onKeyDown={handleKeyDown} tabIndex={-1} data-testid="diagram-designer" data-view-only={viewOnly}>
        {stencil}
        <div className="ll-paper-column">
          {toolbar}
          <div className="ll-paper" onDrop={handleDrop} onDragOver={(event) => { event.preventDefault(); event.dataTransfer.dropEffect = 'copy'; }}>
            <ReactFlow<DiagramNode, DiagramEdge>
              nodes={nodes} edges={edges} nodeTypes={NODE_TYPES} edgeTypes={EDGE_TYPES}
              onNodesChange={handleNodesChange} onEdgesChange={handleEdgesChange}
              onConnect={handleConnect} onReconnect={handleReconnect}
              onNodeDragStart={handleDragStart} onNodeDragStop={handleDragStop}
              nodesDraggable={!viewOnly} nodesConnectable={!viewOnly} edgesReconnectable={!viewOnly}
              snapToGrid snapGrid={[DIAGRAM_EDITOR.gridSize, DIAGRAM_EDITOR.gridSize]}
              minZoom={DIAGRAM_EDITOR.zoomMin} maxZoom={DIAGRAM_EDITOR.zoomMax}
              zoomOnScroll={false} panOnScroll zoomOnDoubleClick={false}
              deleteKeyCode={null} multiSelectionKeyCode="Shift"
              onlyRenderVisibleElements={nodes.length > 200}
              colorMode={theme === 'Dark' ? 'dark' : 'light'}
              fitView fitViewOptions={FIT}
            >
              <Background variant={BackgroundVariant.Dots} gap={DIAGRAM_EDITOR.gridSize} />
              <MiniMap
                pannable zoomable
                style={{ width: DIAGRAM_EDITOR.navigatorWidth, height: DIAGRAM_EDITOR.navigatorHeight }}
                nodeColor={(node) => kindStyle(node.type ?? '').colour}
              />
            </ReactFlow>
          </div>
        </div>
        {inspected && (
          <aside className="ll-inspector">
            <inspected.Inspector
              key={`${inspected.node.id}:${inspected.node.data.profileName}`}
              node={inspected.node} profileNames={profileNames}
              onProfileNameChange={(profileName) => attempt(profileNameCommand(inspected.node.data.element, profileName))}
            />
          </aside>
        )}
      </div>
    </DesignerActionsContext.Provider>
  );
}
