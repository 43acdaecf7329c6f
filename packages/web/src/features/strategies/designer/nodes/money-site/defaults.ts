import { DIAGRAM_EDITOR, DIAGRAM_KIND_COLOURS } from '@linkloom/shared';
import type { KindDefaults } from '../shared/kind-defaults';

/** Money site: the root every link leads back to (kind `MoneySite`). */
export const MoneySiteDefaults: KindDefaults = {
  baseKind: 'MoneySite',
  colour: DIAGRAM_KIND_COLOURS.MoneySite ?? '#a0aec0',
  width: DIAGRAM_EDITOR.defaultMoneySite.width,
};
