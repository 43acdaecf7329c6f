import { DIAGRAM_KIND_COLOURS } from '@linkloom/shared';
import type { KindDefaults } from '../shared/kind-defaults';

/** Forum profiles (kind `ForumProfile` and its Premium variant). */
export const ForumProfileDefaults: KindDefaults = {
  baseKind: 'ForumProfile',
  colour: DIAGRAM_KIND_COLOURS.ForumProfile ?? '#a0aec0',
  width: 120,
};
