import { DIAGRAM_KIND_COLOURS } from '@linkloom/shared';
import type { KindDefaults } from '../shared/kind-defaults';

/** Social bookmarks (kind `Bookmarking` and its Premium variant). */
export const BookmarkingDefaults: KindDefaults = {
  baseKind: 'Bookmarking',
  colour: DIAGRAM_KIND_COLOURS.Bookmarking ?? '#a0aec0',
  width: 120,
};
