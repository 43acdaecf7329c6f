import { DIAGRAM_KIND_COLOURS } from '@linkloom/shared';
import type { KindDefaults } from '../shared/kind-defaults';

/** Press releases (kind `PressRelease` and its Premium variant). */
export const PressReleaseDefaults: KindDefaults = {
  baseKind: 'PressRelease',
  colour: DIAGRAM_KIND_COLOURS.PressRelease ?? '#a0aec0',
  width: 120,
};
