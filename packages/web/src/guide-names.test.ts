import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, test } from 'vitest';
import { CHANGELOG_URL, HELP_URL, LEGACY_PREFIX, LOGIN_ROUTE, SCREEN_ROUTES, SETUP_ROUTE } from '@linkloom/shared';

/**
 * The user guide (docs/guide/index.md) names only what the product has (issue 39 item 6), checked
 * without a browser: every **bold** name is a text of the web app's or the shared package's source
 * (a string literal or JSX text, exactly), every `/path` in backticks or a link is a screen route
 * of the router (built from shared SCREEN_ROUTES) or one of the server's own pages, every
 * screenshot is one the browser test (e2e/user-guide.e2e.ts) writes, and every `#anchor` link is a
 * heading of the guide. A renamed button or screen fails here until the guide follows it.
 */
const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');
const GUIDE_FILE = path.join(REPO_ROOT, 'docs/guide/index.md');
const GUIDE_TEST_FILE = path.join(REPO_ROOT, 'e2e/user-guide.e2e.ts');
const SOURCE_DIRS = [path.join(REPO_ROOT, 'packages/web/src'), path.join(REPO_ROOT, 'packages/shared/src')];

/** Bold words of the guide that are not labels of a screen. Keep this list short. */
const NOT_UI_LABELS: readonly string[] = [];

/** Paths the server answers itself (documents, the API description), not screens of the app. */
const SERVER_PAGES: readonly string[] = [HELP_URL, CHANGELOG_URL, '/privacy', '/terms', '/docs'];

const squash = (text: string) => text.replace(/\s+/g, ' ').trim();

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

/** Every text a source file can show: its string literals, template pieces and JSX text, whitespace squashed. */
export function sourceTexts(fileName: string, text: string): string[] {
  const kind = fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, kind);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateHead(node)
      || ts.isTemplateMiddle(node) || ts.isTemplateTail(node) || ts.isJsxText(node)) {
      const shown = squash(node.text);
      if (shown) found.push(shown);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The texts of the web app and the shared package. */
function productTexts(): Set<string> {
  const texts = new Set<string>();
  for (const file of SOURCE_DIRS.flatMap(sourceFiles)) {
    for (const text of sourceTexts(file, fs.readFileSync(file, 'utf8'))) texts.add(text);
  }
  return texts;
}

/** A heading's anchor, as the server renders the guide (platform/web/documents.routes.ts). */
function anchorOf(heading: string): string {
  return heading.toLowerCase().replace(/<[^>]*>/g, '').replace(/[^a-z0-9 -]/g, '').trim().replace(/\s+/g, '-');
}

/** Whether `route` (its query and hash left off) is a path the router has, `:param` parts matching any segment. */
function isAppRoute(route: string): boolean {
  const pathOnly = route.split(/[?#]/)[0] ?? '';
  const patterns = [LOGIN_ROUTE, SETUP_ROUTE, ...SCREEN_ROUTES.flatMap((screen) => [screen.path, `${LEGACY_PREFIX}${screen.path}`])];
  const parts = pathOnly.split('/');
  return patterns.some((pattern) => {
    const wanted = pattern.split('/');
    return wanted.length === parts.length && wanted.every((part, i) => part.startsWith(':') ? parts[i] !== '' : part === parts[i]);
  });
}

interface GuideWorld {
  /** Texts the product's source holds. */
  texts: ReadonlySet<string>;
  /** Screenshot names the browser test writes (guideImage(page, 'name')). */
  images: ReadonlySet<string>;
}

/** What in `guide` names something the product does not have, one line each (empty: all is there). */
export function guideProblems(guide: string, world: GuideWorld): string[] {
  const problems: string[] = [];
  const prose = guide.replace(/^```[\s\S]*?^```/gm, '');
  for (const match of prose.matchAll(/\*\*([^*]+?)\*\*/g)) {
    const name = squash(match[1] ?? '');
    if (!world.texts.has(name) && !NOT_UI_LABELS.includes(name)) problems.push(`**${name}** is no label of the app`);
  }
  const routes = [
    ...[...prose.matchAll(/`(\/[^`\s]*)`/g)].map((match) => match[1] ?? ''),
    ...[...prose.matchAll(/\]\((\/[^)\s]*)\)/g)].map((match) => match[1] ?? ''),
  ];
  for (const route of routes) {
    const image = /^\/help\/images\/([a-z0-9-]+)\.png$/.exec(route);
    if (image) {
      if (!world.images.has(image[1] ?? '')) problems.push(`${route} is no screenshot the browser test writes`);
    } else if (!isAppRoute(route) && !SERVER_PAGES.includes(route)) {
      problems.push(`${route} is no route of the app`);
    }
  }
  const anchors = new Set([...prose.matchAll(/^#{1,6}\s+(.+)$/gm)].map((match) => anchorOf(match[1] ?? '')));
  for (const match of prose.matchAll(/\]\(#([^)\s]+)\)/g)) {
    if (!anchors.has(match[1] ?? '')) problems.push(`#${match[1]} is no heading of the guide`);
  }
  return problems;
}

function browserTestImages(): Set<string> {
  const text = fs.readFileSync(GUIDE_TEST_FILE, 'utf8');
  return new Set([...text.matchAll(/guideImage\(\s*\w+\s*,\s*'([a-z0-9-]+)'\s*\)/g)].map((match) => match[1] ?? ''));
}

describe('the user guide names only what the product has', () => {
  const world: GuideWorld = { texts: productTexts(), images: browserTestImages() };

  test('every bold name is a label of the app, every route a screen, every screenshot written by the browser test', () => {
    expect(guideProblems(fs.readFileSync(GUIDE_FILE, 'utf8'), world)).toEqual([]);
  });

  test('the source texts are read: labels of the web app and the shared package are there', () => {
    for (const label of ['Create account', 'Add new article', 'Check all now', 'Before this project can start', 'Private Network']) {
      expect(world.texts.has(label), label).toBe(true);
    }
  });

  test('a made-up label, route, screenshot or anchor fails', () => {
    const guide = [
      '## 1. Start here',
      'Press **Add**, then **Launch Rocket**, open **Check all now** on `/campaigns` and `/campaign/12`.',
      'Then go to `/rocket-launcher` or [the list](/old/campaigns) and [old one](/nowhere/3).',
      '![made up](/help/images/rocket.png) ![real](/help/images/first-run.png)',
      '[here](#1-start-here) [there](#2-missing)',
    ].join('\n');
    expect(guideProblems(guide, world)).toEqual([
      '**Launch Rocket** is no label of the app',
      '/rocket-launcher is no route of the app',
      '/nowhere/3 is no route of the app',
      '/help/images/rocket.png is no screenshot the browser test writes',
      '#2-missing is no heading of the guide',
    ]);
  });

  test('a bold name is matched whole, across a line break, and case counts', () => {
    expect(guideProblems('**Check all\nnow** **Check all** **check all now**', world)).toEqual([
      '**Check all** is no label of the app',
      '**check all now** is no label of the app',
    ]);
  });
});
