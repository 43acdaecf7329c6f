import { DIAGRAM_KIND_COLOURS } from '@linkloom/shared';
import type { KindDefaults } from '../shared/kind-defaults';

/**
 * Project: a project that runs the modules ticked on it (kind `Project` and its Premium variant).
 * Created with the eight modules unchecked (shared newDiagramNode); wider than the others so
 * the eight toggles fit on it.
 */
export const ProjectDefaults: KindDefaults = {
  baseKind: 'Project',
  colour: DIAGRAM_KIND_COLOURS.Project ?? '#4a5568',
  width: 170,
};
