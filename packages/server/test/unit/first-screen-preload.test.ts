import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FIRST_SCREEN_MODULE, firstScreenScripts, withModulePreloads } from '../../src/platform/web/first-screen-preload';

const dirs: string[] = [];
function buildWith(manifest: unknown): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'linkloom-manifest-'));
  dirs.push(dir);
  fs.mkdirSync(path.join(dir, '.vite'));
  fs.writeFileSync(path.join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest));
  return dir;
}
afterEach(() => dirs.splice(0).forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

describe('the first screen preloaded with the page', () => {
  it("names the first screen's chunk and the shared chunks it needs, not the entry's, nor another screen's", () => {
    const dist = buildWith({
      'index.html': { file: 'assets/index-A.js', isEntry: true, imports: ['_runtime.js'], dynamicImports: [FIRST_SCREEN_MODULE, 'src/other-page.tsx'] },
      '_runtime.js': { file: 'assets/runtime-B.js' },
      [FIRST_SCREEN_MODULE]: { file: 'assets/campaigns-page-C.js', isDynamicEntry: true, imports: ['_runtime.js', 'index.html', '_table.js'] },
      '_table.js': { file: 'assets/table-D.js', imports: ['_cell.js', '_runtime.js'] },
      '_cell.js': { file: 'assets/cell-E.js' },
      'src/other-page.tsx': { file: 'assets/other-page-F.js', isDynamicEntry: true, imports: ['_table.js', '_chart.js'] },
      '_chart.js': { file: 'assets/chart-G.js' },
    });
    expect(firstScreenScripts(dist).sort()).toEqual(['assets/campaigns-page-C.js', 'assets/cell-E.js', 'assets/table-D.js']);
  });

  it('names nothing without a manifest or without the screen, and leaves the page as it is then', () => {
    expect(firstScreenScripts(fs.mkdtempSync(path.join(os.tmpdir(), 'linkloom-no-manifest-')))).toEqual([]);
    expect(firstScreenScripts(buildWith({ 'index.html': { file: 'assets/index-A.js', isEntry: true } }))).toEqual([]);
    expect(withModulePreloads('<html><head></head></html>', [])).toBe('<html><head></head></html>');
    expect(withModulePreloads('<html><head><title>x</title></head></html>', ['assets/a.js', 'assets/b.js'])).toBe(
      '<html><head><title>x</title><link rel="modulepreload" crossorigin href="./assets/a.js"><link rel="modulepreload" crossorigin href="./assets/b.js"></head></html>',
    );
  });
});
