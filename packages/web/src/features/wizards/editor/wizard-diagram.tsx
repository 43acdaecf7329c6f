import { useCallback, useEffect, useMemo, useState } from 'react';
import { ReactFlowProvider, useReactFlow, useStore } from '@xyflow/react';
import { Button, Flex, Tooltip } from 'antd';
import { ApartmentOutlined, CompressOutlined, DownloadOutlined, ZoomInOutlined, ZoomOutOutlined } from '@ant-design/icons';
import { DIAGRAM_EDITOR, strategyFileName, type Diagram } from '@linkloom/shared';
import { saveBlob } from '@/lib/download';
import { ReadOnlyStrategyFlow, STRATEGY_FIT as FIT } from '@/components/strategy-diagram/read-only-strategy-flow';
import { wizardFlow, type Positions } from './wizard-flow';

const clampZoom = (zoom: number) => Math.min(DIAGRAM_EDITOR.zoomMax, Math.max(DIAGRAM_EDITOR.zoomMin, Math.round(zoom * 10) / 10));

/** Props of {@link WizardDiagram}. */
export interface WizardDiagramProps {
  diagram: Diagram;
  /** The strategy's name: the downloaded file's name. */
  name: string;
  /** The Strategy tab's tools: Download Diagram, Auto-layout Diagram, Zoom In and Zoom Out. */
  tools?: boolean;
  /** The node to highlight and centre (the Accounts tab's active project). */
  activeNodeId?: string | null;
  onNodeClick?: (nodeId: string) => void;
  height?: number;
  testId?: string;
}

/**
 * A read-only view of the wizard's strategy (spec 2 §2 Strategy and Accounts tabs): nodes never
 * move; Auto-layout arranges the view only, the strategy itself stays as it is.
 */
export function WizardDiagram(props: WizardDiagramProps) {
  return (
    <ReactFlowProvider>
      <Viewer {...props} />
    </ReactFlowProvider>
  );
}

function Viewer({ diagram, name, tools = false, activeNodeId = null, onNodeClick, height = 480, testId = 'wizard-diagram' }: WizardDiagramProps) {
  const flow = useReactFlow();
  const zoom = useStore((state) => state.transform[2]);
  const [positions, setPositions] = useState<Positions | null>(null);
  const { nodes, edges } = useMemo(() => wizardFlow(diagram, activeNodeId, positions), [diagram, activeNodeId, positions]);

  // Changing the project tab centres its node.
  useEffect(() => {
    if (!activeNodeId) return;
    const node = nodes.find((n) => n.id === activeNodeId);
    if (!node) return;
    void flow.setCenter(node.position.x + (node.width ?? 0) / 2, node.position.y + (node.height ?? 0) / 2, { zoom: Math.max(flow.getZoom(), 1), duration: 200 });
  }, [activeNodeId, nodes, flow]);

  const layout = useCallback(async () => {
    const { layoutDiagram } = await import('@/lib/diagram-layout');
    setPositions(layoutDiagram(diagram));
    requestAnimationFrame(() => void flow.fitView(FIT));
  }, [diagram, flow]);

  const download = () => saveBlob(new Blob([JSON.stringify(diagram, null, 2)], { type: 'application/json' }), strategyFileName(name));

  return (
    <div data-testid={testId} data-active-node={activeNodeId ?? ''}>
      {tools && (
        <Flex gap={4} wrap align="center" style={{ marginBottom: 8 }} data-testid="strategy-tools">
          <Button icon={<DownloadOutlined />} onClick={download} data-testid="download-diagram">Download Diagram</Button>
          <Button icon={<ApartmentOutlined />} onClick={() => void layout()} data-testid="auto-layout">Auto-layout Diagram</Button>
          <Tooltip title="Zoom to fit"><Button icon={<CompressOutlined />} onClick={() => void flow.fitView(FIT)} aria-label="Zoom to fit" data-testid="zoom-fit" /></Tooltip>
          <Tooltip title="Zoom In"><Button icon={<ZoomInOutlined />} onClick={() => void flow.zoomTo(clampZoom(zoom + DIAGRAM_EDITOR.zoomStep))} aria-label="Zoom In" data-testid="zoom-in" /></Tooltip>
          <Tooltip title="Zoom Out"><Button icon={<ZoomOutOutlined />} onClick={() => void flow.zoomTo(clampZoom(zoom - DIAGRAM_EDITOR.zoomStep))} aria-label="Zoom Out" data-testid="zoom-out" /></Tooltip>
          <span data-testid="zoom-level">{`${Math.round(zoom * 100)}%`}</span>
        </Flex>
      )}
      <ReadOnlyStrategyFlow nodes={nodes} edges={edges} height={height} {...(onNodeClick ? { onNodeClick } : {})} />
    </div>
  );
}
