import { DIAGRAM_KIND_COLOURS } from '@linkloom/shared';
import type { KindDefaults } from '../shared/kind-defaults';

/** Private blog network posts (kind `PrivateBlog`). */
export const PrivateBlogDefaults: KindDefaults = {
  baseKind: 'PrivateBlog',
  colour: DIAGRAM_KIND_COLOURS.PrivateBlog ?? '#a0aec0',
  width: 120,
};
