import { DIAGRAM_KIND_COLOURS } from '@linkloom/shared';
import type { KindDefaults } from '../shared/kind-defaults';

/** Web 2.0 blog posts (kind `Web20Blog` and its Premium variant). */
export const Web20BlogDefaults: KindDefaults = {
  baseKind: 'Web20Blog',
  colour: DIAGRAM_KIND_COLOURS.Web20Blog ?? '#a0aec0',
  width: 120,
};
