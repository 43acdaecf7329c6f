import { DIAGRAM_KIND_COLOURS } from '@linkloom/shared';
import type { KindDefaults } from '../shared/kind-defaults';

/** Web 2.0 profiles (kind `Web20Profile` and its Premium variant). */
export const Web20ProfileDefaults: KindDefaults = {
  baseKind: 'Web20Profile',
  colour: DIAGRAM_KIND_COLOURS.Web20Profile ?? '#a0aec0',
  width: 120,
};
