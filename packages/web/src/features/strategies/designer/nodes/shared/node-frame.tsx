import type { CSSProperties, ReactNode } from 'react';
import { Handle, Position } from '@xyflow/react';
import { textOn } from '@/lib/readable-text';
import { HANDLE_SIZE } from '../../model/node-geometry';
import { kindStyle } from './kind-style';

/** The handles' size, as the adapter tells React Flow (model/node-geometry.ts). */
const HANDLE_STYLE: CSSProperties = { width: HANDLE_SIZE, height: HANDLE_SIZE };

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
 * a zoom that fits a big diagram no label can be read on the paper.
 */
export function NodeFrame({ kind, label, profileName, selected, hasParentHandle = true, children }: NodeFrameProps) {
  const style = kindStyle(kind);
  const className = ['ll-node', style.premium ? 'll-node-premium' : '', selected ? 'll-node-selected' : ''].filter(Boolean).join(' ');
  return (
    <div
      className={className} style={{ '--ll-kind': style.colour, '--ll-node-text': textOn(style.colour) } as CSSProperties}
      title={profileName === '' ? label : `${label}\n${profileName}`} data-testid="diagram-node" data-kind={kind} data-label={label}
    >
      {hasParentHandle && <Handle type="target" position={Position.Top} className="ll-handle" style={HANDLE_STYLE} />}
      <div className="ll-node-label">{label}</div>
      {profileName !== '' && <div className="ll-node-profile" data-testid="node-profile">{profileName}</div>}
      {children}
      <Handle type="source" position={Position.Bottom} className="ll-handle" style={HANDLE_STYLE} />
    </div>
  );
}
