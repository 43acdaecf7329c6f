import type { CSSProperties, DragEvent, KeyboardEvent } from 'react';
import { Typography } from 'antd';
import { DIAGRAM_EDITOR, DIAGRAM_GROUPS } from '@linkloom/shared';
import { ModuleCapabilityBadge, usePublishingCapabilities } from '@/components/publishing-capabilities';
import { NODE_KINDS } from './nodes/registry';
import { textOn } from '@/lib/readable-text';

/** The drag data type a stencil item carries: the kind. */
export const KIND_DRAG_TYPE = 'application/x-linkloom-kind';

/** Props of {@link Stencil}. */
export interface StencilProps {
  /** Adds a node of the kind in the middle of the view. */
  onAdd: (kind: string) => void;
  /** A click adds too (the stencil in a drawer on a narrow screen, where there is no dragging). */
  addOnClick?: boolean;
}

/**
 * The stencil (240 px wide, spec 2 §2): every kind of §3 in the groups Premium, Standard and
 * PBN, each drawn in its kind's colour (Premium ones with the red dashed outline). Drag one onto
 * the paper, or focus it and press Enter to drop it in the middle of the view (in a drawer, a tap
 * does). Beside each kind that runs one module, its badge says whether the user's sites can
 * publish it (issue 37).
 */
export function Stencil({ onAdd, addOnClick = false }: StencilProps) {
  const { capabilityOf } = usePublishingCapabilities();
  const handleDragStart = (kind: string) => (event: DragEvent) => {
    event.dataTransfer.setData(KIND_DRAG_TYPE, kind);
    event.dataTransfer.effectAllowed = 'copy';
  };
  const handleKey = (kind: string) => (event: KeyboardEvent) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onAdd(kind);
    }
  };
  // Plain group headings, not antd's Collapse: the campaign list's chunk reaches Collapse without
  // using it, so using it here would put it into the first load (measured: +5 kB gzip).
  const groups = DIAGRAM_GROUPS.map((group) => (
    <section key={group} className="ll-stencil-section" data-testid={`stencil-group-${group}`}>
      <Typography.Text type="secondary" className="ll-stencil-heading">{group}</Typography.Text>
      <div className="ll-stencil-group">
        {NODE_KINDS.filter((entry) => entry.info.group === group).map((entry) => (
          // The badge sits beside the draggable item, not in it: a focusable tag inside a button is no button.
          <div key={entry.info.kind} className="ll-stencil-row" data-testid={`stencil-row-${entry.info.kind}`}>
            <div
              className={entry.info.premium ? 'll-stencil-item ll-node-premium' : 'll-stencil-item'}
              style={{ '--ll-kind': entry.defaults.colour, '--ll-node-text': textOn(entry.defaults.colour) } as CSSProperties}
              draggable role="button" tabIndex={0} title={addOnClick ? `Add ${entry.info.label} to the paper` : `Drag ${entry.info.label} onto the paper`}
              onDragStart={handleDragStart(entry.info.kind)} onKeyDown={handleKey(entry.info.kind)}
              onClick={addOnClick ? () => onAdd(entry.info.kind) : undefined}
              data-testid={`stencil-${entry.info.kind}`}
            >
              {entry.info.label}
            </div>
            {entry.info.module !== null && <ModuleCapabilityBadge capability={capabilityOf(entry.info.module)} />}
          </div>
        ))}
      </div>
    </section>
  ));
  return (
    <aside className="ll-stencil" style={{ width: DIAGRAM_EDITOR.stencilWidth }} data-testid="stencil">
      <Typography.Text strong style={{ display: 'block', padding: '8px 12px' }}>Nodes</Typography.Text>
      {groups}
    </aside>
  );
}
