import type { CSSProperties, ReactNode } from 'react';
import { Handle, Position } from '@xyflow/react';
import { textOn } from '@/lib/readable-text';
import { useDesignerActions } from '../../designer-context';
import { HANDLE_SIZE } from '../../model/node-geometry';
import { kindStyle } from './kind-style';

/**
 * The handles' size, as the adapter tells React Flow (model/node-geometry.ts), centred on the edge
 * by margins rather than React Flow's translate(-50%, -50%): a transform inside a dragged node
 * would make the browser sort the whole paper into layers again on every frame.
 */
const HANDLE_STYLE: CSSProperties = { width: HANDLE_SIZE, height: HANDLE_SIZE, transform: 'none', marginLeft: -HANDLE_SIZE / 2 };
const TOP_HANDLE_STYLE: CSSProperties = { ...HANDLE_STYLE, marginTop: -HANDLE_SIZE / 2 };
const BOTTOM_HANDLE_STYLE: CSSProperties = { ...HANDLE_STYLE, marginBottom: -HANDLE_SIZE / 2 };

/** Props of {@link NodeFrame}. */
export interface NodeFrameProps {
  kind: string;
  label: string;
  profileName: string;
  selected: boolean;
  /** The Money Site has no parent, so no incoming handle. */
  hasParentHandle?: boolean;
  children?: ReactNode;
}

/**
 * The box every node kind draws: a colour band of its kind, the label `{Kind} (n)` and the
 * account store name under it, a parent handle on top (links come in) and a child handle at the
 * bottom (links go out). Premium kinds get the red dashed outline (spec 2 §9). The label wraps
 * onto a second line before it is cut short; hovering the node shows it whole (its title), as at
 * a zoom that fits a big diagram no label can be read on the paper. Below view/zoom.ts
 * COMPACT_BELOW the box is all it draws: no handles, no text, none of the kind's own part.
 */
export function NodeFrame({ kind, label, profileName, selected, hasParentHandle = true, children }: NodeFrameProps) {
  const { compact } = useDesignerActions();
  const style = kindStyle(kind);
  const className = ['ll-node', style.premium ? 'll-node-premium' : '', selected ? 'll-node-selected' : '', compact ? 'll-node-compact' : ''].filter(Boolean).join(' ');
  return (
    <div
      className={className} style={{ '--ll-kind': style.colour, '--ll-node-text': textOn(style.colour) } as CSSProperties}
      title={profileName === '' ? label : `${label}\n${profileName}`} data-testid="diagram-node" data-kind={kind} data-label={label}
    >
      {!compact && <NodeContent label={label} profileName={profileName} hasParentHandle={hasParentHandle}>{children}</NodeContent>}
    </div>
  );
}

/** What a node shows at a zoom where it can be read: handles, label, account store and the kind's own part. */
function NodeContent({ label, profileName, hasParentHandle, children }: Pick<NodeFrameProps, 'label' | 'profileName' | 'hasParentHandle' | 'children'>) {
  return (
    <>
      {hasParentHandle && <Handle type="target" position={Position.Top} className="ll-handle" style={TOP_HANDLE_STYLE} />}
      <div className="ll-node-label">{label}</div>
      {profileName !== '' && <div className="ll-node-profile" data-testid="node-profile">{profileName}</div>}
      {children}
      <Handle type="source" position={Position.Bottom} className="ll-handle" style={BOTTOM_HANDLE_STYLE} />
    </>
  );
}
