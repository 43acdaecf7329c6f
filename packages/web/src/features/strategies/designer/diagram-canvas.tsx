import { memo, useCallback, useEffect, useMemo, useRef, useState, type DragEvent } from 'react';
import {
  Background, BackgroundVariant, MiniMap, ReactFlow, ReactFlowProvider, useReactFlow, useStore,
  type Connection, type EdgeChange, type EdgeTypes, type NodeChange, type OnNodeDrag,
} from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { App, Drawer } from 'antd';
import { DIAGRAM_EDITOR, ERROR_TOAST_SECONDS, isDiagramLink } from '@linkloom/shared';
import { DesignerActionsContext, type DesignerActions } from './designer-context';
import { InspectorPanel, type Inspected } from './inspector-panel';
import { downloadDiagram, exportPng, exportSvg } from './export/export-files';
import type { Command } from './history/command-history';
import { LINK_EDGE_TYPE, createFlowCache, toFlow } from './model/diagram-adapter';
import {
  addNodeCommand, clearCommand, connectCommand, copySelection, isRefusal, moveCommand, pasteCommand, profileNameCommand,
  reconnectSourceCommand, swapLinkCommand, toggleModuleCommand, withPositions, type Refusal,
} from './model/diagram-commands';
import type { DiagramEdge, DiagramNode } from './model/flow-types';
import { NODE_TYPES, nodeKindEntry } from './nodes/registry';
import { kindStyle } from './nodes/shared/kind-style';
import { KIND_DRAG_TYPE, Stencil } from './stencil';
import { SwapEdge } from './swap-edge';
import { DesignerToolbar, type DesignerTheme } from './toolbar/designer-toolbar';
import type { DiagramStore } from './diagram-store';
import { useDiagramEditor, type DiagramEditor } from './use-diagram-editor';
import { useDesignerKeys } from './use-designer-keys';
import { useAltWheelZoom } from './view/use-alt-wheel-zoom';
import { useDesignerPanels } from './view/use-designer-panels';
import { FIT_OPTIONS, FIT_ZOOM_MIN, clampZoom, drawsCompact, stepZoom } from './view/zoom';
import './designer.css';

// Props React Flow gets are built once: a new array or object on every render (every drag frame)
// would be a store update of its own, re-running every node's and link's selector.
const EDGE_TYPES: EdgeTypes = { [LINK_EDGE_TYPE]: SwapEdge };
const SNAP_GRID: [number, number] = [DIAGRAM_EDITOR.gridSize, DIAGRAM_EDITOR.gridSize];
/** The navigator: the spec's 240×115 on a wide screen, smaller when shown on a narrow one. */
const NAVIGATOR_STYLE = { width: DIAGRAM_EDITOR.navigatorWidth, height: DIAGRAM_EDITOR.navigatorHeight };
const NARROW_NAVIGATOR_STYLE = { width: DIAGRAM_EDITOR.navigatorWidth * 0.6, height: DIAGRAM_EDITOR.navigatorHeight * 0.6 };
const navigatorColour = (node: DiagramNode) => kindStyle(node.type ?? '').colour;
/** Past this many nodes React Flow draws only the nodes and links in view. */
const VISIBLE_ONLY_FROM = 200;
/** Why the narrow screen's Properties button is off. */
const NOTHING_TO_INSPECT = 'Select one node (not the Money Site) to see its properties';
type Diagram = ReturnType<DiagramEditor['current']>;

/** Props of {@link DiagramCanvas}. */
export interface DiagramCanvasProps {
  /** The diagram being edited (the page keeps it, for Save). */
  store: DiagramStore;
  /** The diagram's name: file names of exports and downloads. */
  name: string;
  /** False for built-in diagrams: always view-only. */
  canEdit: boolean;
  profileNames: readonly string[];
}

/** The Diagram tab: stencil, toolbar, paper with grid and navigator, inspector. */
export const DiagramCanvas = memo(function DiagramCanvas(props: DiagramCanvasProps) {
  return (
    <ReactFlowProvider>
      <Canvas {...props} />
    </ReactFlowProvider>
  );
});

interface DragStart {
  positions: Map<string, { x: number; y: number }>;
  /** Ctrl (⌘) held when the drag began: the selection is copied to the drop spot (clone drag). */
  clone: boolean;
}

function Canvas({ store, name, canEdit, profileNames }: DiagramCanvasProps) {
  const editor = useDiagramEditor(store);
  const { message } = App.useApp();
  const flow = useReactFlow<DiagramNode, DiagramEdge>();
  const zoom = useStore((state) => state.transform[2]);
  const [viewOnlyChoice, setViewOnlyChoice] = useState(false);
  const viewOnly = !canEdit || viewOnlyChoice;
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  const [theme, setTheme] = useState<DesignerTheme>('Modern');
  const [laying, setLaying] = useState(false);
  const panels = useDesignerPanels();
  const [cache] = useState(createFlowCache);
  const wrapper = useRef<HTMLDivElement>(null);
  const dragStart = useRef<DragStart | null>(null);
  const { doc, run, current, preview, recordDone } = editor;

  const selectedRef = useRef(selected);
  useEffect(() => {
    selectedRef.current = selected;
  }, [selected]);

  const { nodes, edges } = useMemo(() => toFlow(doc, { selected, viewOnly }, cache), [doc, selected, viewOnly, cache]);

  // The whole diagram in view as it opens. Not React Flow's fitView prop: that fit waits for a node
  // to be measured, and the nodes come with their sizes (never measured), so it would wait for the
  // first edit instead and then jump.
  useEffect(() => {
    void flow.fitView(FIT_OPTIONS);
  }, [flow]);

  const refuse = useCallback((reason: string) => {
    message.warning({ content: <span data-testid="designer-refusal">{reason}</span>, duration: ERROR_TOAST_SECONDS });
  }, [message]);
  /** Runs an edit, or says why the rules refuse it. */
  const attempt = useCallback((command: Command<Diagram> | Refusal | null) => {
    if (command === null) return;
    if (isRefusal(command)) refuse(command.refused);
    else run(command);
  }, [refuse, run]);

  const compact = drawsCompact(zoom, nodes.length);
  const actions = useMemo<DesignerActions>(() => ({
    viewOnly,
    compact,
    toggleModule: (nodeId, moduleId) => {
      const node = current().cells.find((cell) => cell.id === nodeId);
      if (node && !isDiagramLink(node)) attempt(toggleModuleCommand(node, moduleId));
    },
    swapLink: (edgeId) => {
      const link = current().cells.find((cell) => cell.id === edgeId);
      if (link && isDiagramLink(link)) attempt(swapLinkCommand(current(), link));
    },
  }), [viewOnly, compact, current, attempt]);

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

  /** Adds a node of `kind` centred on the screen point `point`. */
  const addKind = useCallback((kind: string, point: { x: number; y: number }) => {
    const command = addNodeCommand(current(), kind, flow.screenToFlowPosition(point), undefined, 'centre');
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

  const { setStencilOpen } = panels;
  const addAtCentre = useCallback((kind: string) => {
    const box = wrapper.current?.querySelector('.react-flow')?.getBoundingClientRect();
    if (box) addKind(kind, { x: box.left + box.width / 2, y: box.top + box.height / 2 });
    setStencilOpen(false);
  }, [addKind, setStencilOpen]);

  const handleKeyDown = useDesignerKeys({
    viewOnly, selected, setSelected, current, run, attempt, refuse, undo: editor.undo, redo: editor.redo,
  });
  useAltWheelZoom(wrapper, flow);

  const handleLayout = useCallback(async () => {
    setLaying(true);
    try {
      const { layoutDiagram } = await import('@/lib/diagram-layout');
      const command = moveCommand('Auto-layout', current(), layoutDiagram(current()));
      if (command) run(command);
      requestAnimationFrame(() => void flow.fitView(FIT_OPTIONS));
    } finally {
      setLaying(false);
    }
  }, [current, flow, run]);

  const handleExport = useCallback((format: 'svg' | 'png') => {
    if (format === 'svg') exportSvg(current(), name);
    else void exportPng(current(), name).catch((error: unknown) => refuse(error instanceof Error ? error.message : String(error)));
  }, [current, name, refuse]);

  // What the inspector shows: plain values, so a drag of the chosen node does not draw it again.
  const chosen = viewOnly || selected.size !== 1 ? undefined : nodes.find((node) => selected.has(node.id));
  const Inspector = chosen ? nodeKindEntry(chosen.data.kind)?.inspector ?? null : null;
  const inspectedId = chosen && Inspector ? chosen.id : null;
  const inspectedLabel = chosen?.data.label ?? '';
  const inspectedProfile = chosen?.data.profileName ?? '';
  const inspected = useMemo<Inspected | null>(
    () => (inspectedId !== null && Inspector ? { id: inspectedId, label: inspectedLabel, profileName: inspectedProfile, Inspector } : null),
    [inspectedId, inspectedLabel, inspectedProfile, Inspector],
  );
  const handleProfileName = useCallback((profileName: string) => {
    const element = current().cells.find((cell) => cell.id === inspectedId);
    if (element && !isDiagramLink(element)) attempt(profileNameCommand(element, profileName));
  }, [attempt, current, inspectedId]);

  // The toolbar and the stencil are built once per change of what they show, not on every frame of
  // a drag (the document changes on each pointer move; they do not depend on it).
  const { undo, redo, canUndo, canRedo, undoLabel } = editor;
  const { narrow, navigatorShown, setNavigatorShown, setInspectorOpen } = panels;
  const closeInspector = useCallback(() => setInspectorOpen(false), [setInspectorOpen]);
  const inspectReason = inspected === null ? NOTHING_TO_INSPECT : null;
  const toolbar = useMemo(() => (
    <DesignerToolbar
      viewOnly={viewOnly} canEdit={canEdit} canUndo={canUndo} canRedo={canRedo} undoLabel={undoLabel}
      zoom={zoom} theme={theme} laidOut={laying} narrow={narrow} navigatorShown={navigatorShown} inspectReason={inspectReason}
      onUndo={undo} onRedo={redo} onClear={() => attempt(clearCommand(current()))}
      onExport={handleExport} onLayout={() => void handleLayout()} onFit={() => void flow.fitView(FIT_OPTIONS)}
      onZoomStep={(direction) => void flow.zoomTo(stepZoom(flow.getZoom(), direction))}
      onZoom={(next) => void flow.zoomTo(clampZoom(next))}
      onFullscreen={() => void wrapper.current?.requestFullscreen?.().catch(() => undefined)}
      onDownload={() => downloadDiagram(current(), name)} onTheme={setTheme} onViewOnly={setViewOnlyChoice}
      onNavigator={setNavigatorShown} onOpenStencil={() => setStencilOpen(true)} onOpenInspector={() => setInspectorOpen(true)}
    />
  ), [
    viewOnly, canEdit, canUndo, canRedo, undoLabel, zoom, theme, laying, narrow, navigatorShown, inspectReason, undo, redo, attempt, current,
    handleExport, handleLayout, flow, name, setNavigatorShown, setStencilOpen, setInspectorOpen,
  ]);
  const stencilOpen = panels.stencilOpen;
  const stencil = useMemo(() => {
    if (viewOnly) return null;
    if (!narrow) return <Stencil onAdd={addAtCentre} />;
    return (
      <Drawer
        title="Nodes" placement="left" size={DIAGRAM_EDITOR.stencilWidth + 24} open={stencilOpen} onClose={() => setStencilOpen(false)}
        styles={{ body: { padding: 0 } }} data-testid="stencil-drawer"
      >
        <Stencil onAdd={addAtCentre} addOnClick />
      </Drawer>
    );
  }, [viewOnly, narrow, stencilOpen, addAtCentre, setStencilOpen]);

  return (
    <DesignerActionsContext.Provider value={actions}>
      <div
        ref={wrapper} className={`ll-designer ll-theme-${theme.toLowerCase()}${narrow ? ' ll-designer-narrow' : ''}`} onKeyDown={handleKeyDown} tabIndex={-1}
        data-testid="diagram-designer" data-view-only={viewOnly} data-narrow={narrow}
      >
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
              snapToGrid snapGrid={SNAP_GRID}
              minZoom={FIT_ZOOM_MIN} maxZoom={DIAGRAM_EDITOR.zoomMax}
              zoomOnScroll={false} panOnScroll zoomOnDoubleClick={false}
              deleteKeyCode={null} multiSelectionKeyCode="Shift"
              onlyRenderVisibleElements={nodes.length > VISIBLE_ONLY_FROM}
              colorMode={theme === 'Dark' ? 'dark' : 'light'}
            >
              <Background variant={BackgroundVariant.Dots} gap={DIAGRAM_EDITOR.gridSize} />
              {navigatorShown && (
                <MiniMap
                  pannable zoomable className="ll-navigator" style={narrow ? NARROW_NAVIGATOR_STYLE : NAVIGATOR_STYLE} nodeColor={navigatorColour}
                />
              )}
            </ReactFlow>
            <InspectorPanel
              inspected={inspected} narrow={narrow} drawerOpen={panels.inspectorOpen} onDrawerClose={closeInspector}
              profileNames={profileNames} onProfileNameChange={handleProfileName}
            />
          </div>
        </div>
      </div>
    </DesignerActionsContext.Provider>
  );
}
