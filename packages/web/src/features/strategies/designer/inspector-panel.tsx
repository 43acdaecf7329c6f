import { memo, type ComponentType } from 'react';
import { Drawer } from 'antd';
import type { InspectorProps } from './nodes/project/project-inspector';

/** What the inspector shows: the one chosen node's label and store name, and its kind's inspector. */
export interface Inspected {
  id: string;
  label: string;
  profileName: string;
  Inspector: ComponentType<InspectorProps>;
}

/** Props of {@link InspectorPanel}. */
export interface InspectorPanelProps {
  inspected: Inspected | null;
  /** A narrow screen: a drawer from the bottom, opened from the toolbar. */
  narrow: boolean;
  drawerOpen: boolean;
  onDrawerClose: () => void;
  profileNames: readonly string[];
  onProfileNameChange: (profileName: string) => void;
}

/** Height of the inspector's drawer on a narrow screen: the paper stays in view above it. */
const DRAWER_HEIGHT = 280;

/**
 * The inspector of the chosen node (spec 2 §2 "right-side inspector"). On a wide screen it lies
 * over the paper's right side, so opening it (a click, a drop from the stencil) never resizes the
 * paper under the pointer; on a narrow one it is a drawer. Memoised on what it shows: a drag of
 * the chosen node does not draw it again.
 */
export const InspectorPanel = memo(function InspectorPanel(props: InspectorPanelProps) {
  const { inspected, narrow } = props;
  // Keyed by node and name: an undo or another node starts the form afresh.
  const body = inspected && (
    <inspected.Inspector
      key={`${inspected.id}:${inspected.profileName}`}
      label={inspected.label} profileName={inspected.profileName}
      profileNames={props.profileNames} onProfileNameChange={props.onProfileNameChange}
    />
  );
  if (narrow) {
    return (
      <Drawer
        title="Properties" placement="bottom" size={DRAWER_HEIGHT} open={props.drawerOpen && inspected !== null}
        onClose={props.onDrawerClose} destroyOnHidden data-testid="inspector-drawer"
      >
        {body}
      </Drawer>
    );
  }
  return body ? <aside className="ll-inspector" data-testid="inspector-panel">{body}</aside> : null;
});
