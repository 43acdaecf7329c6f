import { diagramKind } from '@linkloom/shared';
import { ArticleDirectoryDefaults } from '../article-directory/defaults';
import { BookmarkingDefaults } from '../bookmarking/defaults';
import { ForumProfileDefaults } from '../forum-profile/defaults';
import { MoneySiteDefaults } from '../money-site/defaults';
import { PDFDefaults } from '../pdf/defaults';
import { PressReleaseDefaults } from '../press-release/defaults';
import { PrivateBlogDefaults } from '../private-blog/defaults';
import { PrivateBookmarkDefaults } from '../private-bookmark/defaults';
import { ProjectDefaults } from '../project/defaults';
import { Web20BlogDefaults } from '../web20-blog/defaults';
import { Web20ProfileDefaults } from '../web20-profile/defaults';
import { WikiDefaults } from '../wiki/defaults';
import type { KindDefaults } from './kind-defaults';

const BASE_DEFAULTS: readonly KindDefaults[] = [
  MoneySiteDefaults, ProjectDefaults, Web20BlogDefaults, Web20ProfileDefaults, BookmarkingDefaults, WikiDefaults,
  ArticleDirectoryDefaults, ForumProfileDefaults, PDFDefaults, PressReleaseDefaults, PrivateBlogDefaults, PrivateBookmarkDefaults,
];
const BY_BASE = new Map(BASE_DEFAULTS.map((defaults) => [defaults.baseKind, defaults]));

/** Drawn for a kind the product does not know (an imported diagram is refused before that). */
const UNKNOWN: KindDefaults = { baseKind: 'Unknown', colour: '#a0aec0', width: 90 };

/** The defaults of a kind, Premium variants included ('PremiumWiki' → Wiki's). */
export function kindDefaults(kind: string): KindDefaults {
  return BY_BASE.get(kind.replace(/^Premium/, '')) ?? UNKNOWN;
}

/** How a node of `kind` is drawn: its colour and whether it has the Premium red dashed outline. */
export function kindStyle(kind: string): { colour: string; premium: boolean; label: string } {
  const info = diagramKind(kind);
  return { colour: kindDefaults(kind).colour, premium: info?.premium ?? false, label: info?.label ?? kind };
}
