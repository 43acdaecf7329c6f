import { DIAGRAM_KIND_COLOURS } from '@linkloom/shared';
import type { KindDefaults } from '../shared/kind-defaults';

/** Private bookmarks (kind `PrivateBookmark`). */
export const PrivateBookmarkDefaults: KindDefaults = {
  baseKind: 'PrivateBookmark',
  colour: DIAGRAM_KIND_COLOURS.PrivateBookmark ?? '#a0aec0',
  width: 120,
};
