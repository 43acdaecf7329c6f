import type { CSSProperties, ReactNode } from 'react';
import { Handle, Position } from '@xyflow/react';
import { textOn } from '@/lib/readable-text';
import { kindStyle } from './kind-style';

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
 * bottom (links go out). Premium kinds get the red dashed outline (spec 2 §9).
 */
export function NodeFrame({ kind, label, profileName, selected, hasParentHandle = true, children }: NodeFrameProps) {
  const style = kindStyle(kind);
  const className = ['ll-node', style.premium ? 'll-node-premium' : '', selected ? 'll-node-selected' : ''].filter(Boolean).join(' ');
  return (
    <div className={className} style={{ '--ll-kind': style.colour, '--ll-node-text': textOn(style.colour) } as CSSProperties} data-testid="diagram-node" data-kind={kind} data-label={label}>
      {hasParentHandle && <Handle type="target" position={Position.Top} className="ll-handle" />}
      <div className="ll-node-label" title={style.label}>{label}</div>
      {profileName !== '' && <div className="ll-node-profile" data-testid="node-profile">{profileName}</div>}
      {children}
      <Handle type="source" position={Position.Bottom} className="ll-handle" />
    </div>
  );
}
