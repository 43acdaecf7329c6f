import { DIAGRAM_KIND_COLOURS } from '@linkloom/shared';
import type { KindDefaults } from '../shared/kind-defaults';

/** PDF documents (kind `PDF` and its Premium variant). */
export const PDFDefaults: KindDefaults = {
  baseKind: 'PDF',
  colour: DIAGRAM_KIND_COLOURS.PDF ?? '#a0aec0',
  width: 120,
};
