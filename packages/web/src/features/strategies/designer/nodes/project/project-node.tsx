import { memo, type MouseEvent } from 'react';
import type { NodeProps } from '@xyflow/react';
import { DISABLED_REASONS } from '@linkloom/shared';
import type { DiagramNode } from '../../model/flow-types';
import { useDesignerActions } from '../../designer-context';
import { NodeFrame } from '../shared/node-frame';
import { sameNodeView } from '../shared/same-node-view';

/** Short names of the module toggles on the node. */
const MODULE_SHORT: Readonly<Record<string, string>> = {
  SocialNetwork: 'SN', WebProfile: 'WP', Bookmarking: 'BM', Wiki: 'WK', ArticleDirectory: 'AD', PDF: 'PDF', ForumProfile: 'FP', PressRelease: 'PR',
};

/**
 * A Project node: a strip of the eight module toggles (a click ticks or unticks one, an
 * undoable edit), then one 20 px row per ticked module, so the node grows as modules are ticked.
 */
export const ProjectNode = memo(function ProjectNode({ id, data, selected }: NodeProps<DiagramNode>) {
  const { viewOnly, toggleModule } = useDesignerActions();
  const modules = data.modules ?? [];
  const handleToggle = (moduleId: string) => (event: MouseEvent) => {
    event.stopPropagation();
    if (!viewOnly) toggleModule(id, moduleId);
  };
  return (
    <NodeFrame kind={data.kind} label={data.label} profileName={data.profileName} selected={selected}>
      <div className="ll-modules nodrag">
        {modules.map((module) => (
          <button
            key={module.id} type="button" title={viewOnly ? `${module.id}: ${DISABLED_REASONS.viewOnly}` : module.id} aria-pressed={module.checked} disabled={viewOnly}
            className={module.checked ? 'll-module ll-module-on' : 'll-module'} onClick={handleToggle(module.id)}
            data-testid={`module-${module.id}`}
          >
            {MODULE_SHORT[module.id] ?? module.id}
          </button>
        ))}
      </div>
      {modules.filter((module) => module.checked).map((module) => (
        <div key={module.id} className="ll-module-row" data-testid="module-row">{module.id}</div>
      ))}
    </NodeFrame>
  );
}, sameNodeView);
