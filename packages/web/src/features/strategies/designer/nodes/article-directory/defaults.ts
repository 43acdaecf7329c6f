import { DIAGRAM_KIND_COLOURS } from '@linkloom/shared';
import type { KindDefaults } from '../shared/kind-defaults';

/** Article directory submissions (kind `ArticleDirectory` and its Premium variant). */
export const ArticleDirectoryDefaults: KindDefaults = {
  baseKind: 'ArticleDirectory',
  colour: DIAGRAM_KIND_COLOURS.ArticleDirectory ?? '#a0aec0',
  width: 120,
};
