import fs from 'node:fs';
import path from 'node:path';

/**
 * The module of the screen a signed-in visitor lands on (the campaign list, DEFAULT_ROUTE), as the
 * web build's manifest names it.
 */
export const FIRST_SCREEN_MODULE = 'src/features/campaigns/pages/campaigns-page.tsx';

/** Vite's build manifest (`build.manifest`), one entry per chunk, keyed by source. */
export interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

/**
 * The chunks `keys` need, themselves included (their static imports, transitively). Also what the
 * build's first-load budget counts from the entries (scripts/build/web-assets.ts).
 */
export function manifestClosure(manifest: Record<string, ManifestChunk>, keys: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const next of manifest[key].imports ?? []) visit(next);
  };
  keys.forEach(visit);
  return seen;
}

/**
 * The script files the first screen adds to the entry (its own chunk and the shared chunks it
 * imports), from the build's manifest; none when the build has no manifest or no such screen.
 */
export function firstScreenScripts(webDist: string, screen = FIRST_SCREEN_MODULE): string[] {
  const file = path.join(webDist, '.vite', 'manifest.json');
  if (!fs.existsSync(file)) return [];
  const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, ManifestChunk>;
  if (!manifest[screen]) return [];
  const initial = manifestClosure(manifest, Object.keys(manifest).filter((key) => manifest[key]?.isEntry));
  return [...manifestClosure(manifest, [screen])].filter((key) => !initial.has(key)).map((key) => manifest[key]!.file).filter((name) => name.endsWith('.js'));
}

/**
 * The page with a modulepreload link per script before </head>: the browser fetches the first
 * screen's code beside the entry while it parses the page, instead of when the entry has run and
 * asks for it (issue 10 goal 2).
 */
export function withModulePreloads(page: string, scripts: readonly string[]): string {
  if (scripts.length === 0) return page;
  const links = scripts.map((script) => `<link rel="modulepreload" crossorigin href="./${script}">`).join('');
  return page.replace('</head>', `${links}</head>`);
}
