import { DIAGRAM_KIND_COLOURS } from '@linkloom/shared';
import type { KindDefaults } from '../shared/kind-defaults';

/** Wiki articles (kind `Wiki` and its Premium variant). */
export const WikiDefaults: KindDefaults = {
  baseKind: 'Wiki',
  colour: DIAGRAM_KIND_COLOURS.Wiki ?? '#a0aec0',
  width: 120,
};
