import fs from 'node:fs';
import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { INITIAL_JS_BUDGET_GZIP, initialJavaScript, precompress } from '../../scripts/build/web-assets';
import { antdFoldersInUse, classPrefixOwners, dropUnusedAntdRules } from '../../scripts/build/antd-css-in-use';
import { RC_TABLE_MODULE, measureScrollbarOnlyWhenUsed } from '../../scripts/build/table-scrollbar-measure';

/** The API server the dev server forwards to (`npm run serve` listens here by default). */
const API_TARGET = 'http://127.0.0.1:8080';

/**
 * Server-owned paths: API, live channel (WebSocket), OpenAPI docs, and the documents the server
 * renders for the header, footer and menu links (help, privacy, terms, changelog).
 */
const proxy = {
  '/api': { target: API_TARGET },
  '/public': { target: API_TARGET },
  '/rest': { target: API_TARGET },
  '/action': { target: API_TARGET },
  '/eventbus': { target: API_TARGET, ws: true },
  '/docs': { target: API_TARGET },
  '/help': { target: API_TARGET },
  '/privacy': { target: API_TARGET },
  '/terms': { target: API_TARGET },
  '/changelog': { target: API_TARGET },
};

/** TypeScript sources of this web app and of the shared package. */
const OWN_SOURCE = /\/packages\/(web|shared)\/src\/.*\.tsx?$/;

/**
 * After the build is written: brotli and gzip twins of every asset, which the server sends as
 * they are, and the first load's budget (issue 10): the entry chunk and its static imports may
 * weigh at most 350 kB gzip, so a screen that drags a heavy library into the first load fails
 * the build instead of slowing every visit.
 */
function precompressAndCheckBudget(): Plugin {
  let outDir = '';
  return {
    name: 'linkloom:precompress-and-budget',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const initial = initialJavaScript(outDir);
      const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
      if (initial.gzipBytes > INITIAL_JS_BUDGET_GZIP) {
        throw new Error(
          `The first load's JavaScript is ${kB(initial.gzipBytes)} gzip, over its budget of ${kB(INITIAL_JS_BUDGET_GZIP)} ` +
          `(${initial.files.join(', ')}): load the new screen or library lazily (app/screens.tsx).`,
        );
      }
      const count = precompress(outDir);
      // Last: marks a complete build, so `npm start` rebuilds only when a source is newer (scripts/start.mjs).
      fs.writeFileSync(path.join(outDir, '.vite', 'built'), new Date().toISOString());
      this.info(`initial JS ${kB(initial.gzipBytes)} gzip in ${initial.files.length} files (budget ${kB(INITIAL_JS_BUDGET_GZIP)}); ${count} assets precompressed (.br, .gz)`);
    },
  };
}

/**
 * antd's stylesheet (antd/dist/antd.css, zero-runtime mode) without the rules of the components the
 * app never renders (scripts/build/antd-css-in-use.ts): about a fifth less CSS for the browser to
 * fetch, parse and index before the first screen. Built only: the dev server serves the whole file.
 */
function antdCssInUse(): Plugin {
  let root = '';
  return {
    name: 'linkloom:antd-css-in-use',
    apply: 'build',
    enforce: 'pre',
    configResolved(config) {
      root = config.root;
    },
    load(id) {
      // Vite's module ids use forward slashes on every system.
      const file = id.split('?')[0]!;
      if (!file.endsWith('/antd/dist/antd.css')) return null;
      const antdEs = path.join(path.dirname(path.dirname(file)), 'es');
      const used = antdFoldersInUse([path.join(root, 'src')], antdEs);
      const css = dropUnusedAntdRules(fs.readFileSync(file, 'utf8'), used, classPrefixOwners(antdEs));
      this.info(`antd.css: the rules of ${used.size} of antd's folders kept (${(css.length / 1000).toFixed(0)} kB)`);
      return css;
    },
  };
}

/**
 * rc-table's scrollbar measurement only for the tables that use it (fixed or sticky header):
 * scripts/build/table-scrollbar-measure.ts. Built only: the dev server serves the package as it is.
 */
function tableScrollbarMeasure(): Plugin {
  return {
    name: 'linkloom:table-scrollbar-measure',
    apply: 'build',
    transform(code, id) {
      if (!RC_TABLE_MODULE.test(id.split('?')[0]!)) return null;
      return { code: measureScrollbarOnlyWhenUsed(code), map: null };
    },
  };
}

export default defineConfig({
  plugins: [antdCssInUse(), tableScrollbarMeasure(), react(), precompressAndCheckBudget()],
  // `@/lib/http` instead of `../../../lib/http`: features may not reach up with `../../` (lint rule).
  resolve: { tsconfigPaths: true },
  // Relative asset URLs so the server can mount the app under any path.
  base: './',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: the chunk graph the budget check reads (scripts/build/web-assets.ts).
    manifest: true,
    rolldownOptions: {
      // Everything the first screen imports statically goes into one chunk (rolldown's `$initial`
      // tag). Left to the automatic splitting, every lazy screen that shared a different subset of
      // it cut the first load into more, smaller files, each compressed on its own: the diagram
      // designer alone took it from 13 files / 427 kB gzip to 27 files / 436 kB. One chunk: 2 files.
      output: { codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] } },
      // Our own modules only declare things (components, hooks, schemas, constants): one that nothing
      // used is imported from stays out of the bundle, even when reached through a feature's index
      // or built with a call (a zod schema). Stylesheets, the entry and the boot GETs keep their effects.
      treeshake: { moduleSideEffects: (id) => (OWN_SOURCE.test(id) && !/\/app\/(main\.tsx|boot-gets\.ts)$/.test(id) ? false : undefined) },
    },
  },
  server: { proxy },
  preview: { proxy },
});
