import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { RC_TABLE_MODULE, measureScrollbarOnlyWhenUsed } from './table-scrollbar-measure';

const require = createRequire(path.join(import.meta.dirname, '..', '..', 'packages', 'web', 'package.json'));
/** rc-table's Table.js as the web app's build resolves it (through antd). */
function rcTableSource(): { file: string; code: string } {
  const antd = path.dirname(require.resolve('antd/package.json'));
  const fromAntd = createRequire(path.join(antd, 'package.json'));
  const file = path.join(path.dirname(fromAntd.resolve('@rc-component/table/package.json')), 'es', 'Table.js');
  return { file, code: fs.readFileSync(file, 'utf8') };
}

describe('measureScrollbarOnlyWhenUsed', () => {
  test('rewrites the installed rc-table: the measurement runs only for a fixed or sticky header, and again when one becomes so', () => {
    const { file, code } = rcTableSource();
    expect(file.replace(/\\/g, '/')).toMatch(RC_TABLE_MODULE);
    const rewritten = measureScrollbarOnlyWhenUsed(code);
    const effect = rewritten.slice(rewritten.indexOf('if (!fixHeader && !isSticky) return;') - 40);
    expect(effect).toContain('if (!fixHeader && !isSticky) return;');
    expect(effect.indexOf('if (!fixHeader && !isSticky) return;')).toBeLessThan(effect.indexOf('getTargetScrollBarSize('));
    expect(effect).toContain('}, [fixHeader, isSticky]);');
    // Nothing else changes: the rest of the module is the installed one, byte for byte.
    const undone = rewritten
      .replace('    // LinkLoom build (scripts/build/table-scrollbar-measure.ts): only a fixed or sticky header uses the width.\n    if (!fixHeader && !isSticky) return;\n', '')
      .replace('}, [fixHeader, isSticky]);', '}, []);');
    expect(undone).toBe(code.replace(/\r\n/g, '\n'));
  });

  test('a version of rc-table without that effect fails the build instead of being left or half-rewritten', () => {
    const { code } = rcTableSource();
    expect(() => measureScrollbarOnlyWhenUsed(code.replace('setScrollbarSize(getTargetScrollBarSize(scrollBodyRef.current).width);', 'measure();'))).toThrow(/review/);
    expect(() => measureScrollbarOnlyWhenUsed('export default 1;')).toThrow(/review/);
  });

  test('an effect found before fixHeader is declared fails too (the rewritten effect could not read it)', () => {
    const { code } = rcTableSource();
    const effectAt = code.indexOf('  useLayoutEffect(() => {\n    if (!tailor || !useInternalHooks) {');
    const moved = code.replace(/const fixHeader = /, 'const fixHeaderMoved = ');
    expect(effectAt).toBeGreaterThan(0);
    expect(() => measureScrollbarOnlyWhenUsed(moved)).toThrow(/fixHeader/);
  });
});
