import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { antdFoldersInUse, classPrefixOwners, dropUnusedAntdRules } from './antd-css-in-use';

const REPO = path.resolve(import.meta.dirname, '../..');
const ANTD_ES = path.join(REPO, 'node_modules/antd/es');
const made: string[] = [];

/** A directory with these files (path → content). */
function tree(files: Record<string, string>): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'antd-css-'));
  made.push(root);
  for (const [name, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    fs.writeFileSync(path.join(root, name), content);
  }
  return root;
}

afterAll(() => {
  for (const dir of made) fs.rmSync(dir, { recursive: true, force: true });
});

const owners = new Map<string, Set<string>>([
  ['btn', new Set(['button', 'popconfirm'])],
  ['input', new Set(['input'])],
  ['input-number', new Set(['input-number'])],
  ['steps', new Set(['steps'])],
  ['table', new Set(['table'])],
]);

describe('dropUnusedAntdRules', () => {
  const used = new Set(['button', 'input', 'table']);

  it('drops the rules of unused components and keeps the used ones', () => {
    const css = '.ant-steps{color:red}.ant-steps-item .ant-btn{color:blue}.ant-table-row{color:green}.ant-btn-primary{color:white}';
    expect(dropUnusedAntdRules(css, used, owners)).toBe('.ant-table-row{color:green}.ant-btn-primary{color:white}');
  });

  it('keeps a rule when one of its selectors belongs to a used component, or to none known', () => {
    const css = '.ant-steps,.ant-table{margin:0}.ant-steps-x,.ant-unknown-thing{margin:1px}.ant-steps-y,a{margin:2px}';
    expect(dropUnusedAntdRules(css, used, owners)).toBe(css);
  });

  it('matches the longest prefix: input-number is its own component, not input', () => {
    const css = '.ant-input-number{width:1px}.ant-input-affix-wrapper{width:2px}';
    expect(dropUnusedAntdRules(css, used, owners)).toBe('.ant-input-affix-wrapper{width:2px}');
  });

  it('keeps a prefix two components write while one of them is used (btn: button and popconfirm)', () => {
    expect(dropUnusedAntdRules('.ant-btn{a:b}', new Set(['popconfirm']), owners)).toBe('.ant-btn{a:b}');
    expect(dropUnusedAntdRules('.ant-btn{a:b}', new Set(['table']), owners)).toBe('');
  });

  it('prunes inside @media and @container, drops an emptied one, and keeps keyframes, resets and variables', () => {
    const css = '@media (max-width:575px){.ant-steps{display:none}.ant-table{display:block}}@media print{.ant-steps{x:y}}@container style(--x){.ant-steps-title .ant-steps-item{a:b}}'
      + '@keyframes antStepsFade{0%{opacity:0}}:root{--ant-color:red}.css-var-x{--ant-x:1}';
    expect(dropUnusedAntdRules(css, used, owners)).toBe(
      '@media (max-width:575px){.ant-table{display:block}}@keyframes antStepsFade{0%{opacity:0}}:root{--ant-color:red}.css-var-x{--ant-x:1}',
    );
  });
});

describe('antdFoldersInUse', () => {
  it('follows the named imports, the subpath imports and what those folders import', () => {
    const antd = tree({
      'es/index.js': "export { default as Table } from './table';\nexport { default as Button } from './button';\nexport { default as Steps } from './steps';\nexport { default as Tag, CheckableTag as Checkable } from './tag';",
      'es/table/index.js': "import Checkbox from '../checkbox';\nimport { x } from '../_util/x';",
      'es/checkbox/index.js': 'export default 1;',
      'es/_util/x.js': "import '../wave';",
      'es/wave/index.js': '',
      'es/button/index.js': '',
      'es/steps/index.js': "import '../progress';",
      'es/progress/index.js': '',
      'es/tag/index.js': '',
      'es/upload/index.js': '',
    });
    const sources = tree({
      'a.tsx': "import {\n  Table,\n  type TableProps,\n  Button as AntButton,\n} from 'antd';",
      'b.ts': "import type { UploadProps } from 'antd/es/upload';\nimport { Checkable } from 'antd';",
      'c.ts': "import { Steps } from 'some-other-library';",
    });
    expect([...antdFoldersInUse([sources], path.join(antd, 'es'))].sort()).toEqual(['_util', 'button', 'checkbox', 'table', 'tag', 'upload', 'wave']);
  });
});

describe('on the installed antd', () => {
  it('a Table keeps the table, checkbox and pagination rules and drops Steps and Cascader', () => {
    const sources = tree({ 'list.tsx': "import { Table } from 'antd';" });
    const used = antdFoldersInUse([sources], ANTD_ES);
    expect(used).toContain('table');
    expect(used).toContain('checkbox');
    expect(used).toContain('pagination');
    expect(used).not.toContain('steps');
    const css = dropUnusedAntdRules(fs.readFileSync(path.join(REPO, 'node_modules/antd/dist/antd.css'), 'utf8'), used, classPrefixOwners(ANTD_ES));
    // Checked with includes(): a failing toMatch would print the whole stylesheet.
    for (const kept of ['.ant-table-row', '.ant-checkbox-wrapper', '.ant-pagination-item']) expect(css.includes(kept), kept).toBe(true);
    for (const dropped of ['.ant-steps-item', '.ant-cascader-menu']) expect(css.includes(dropped), dropped).toBe(false);
  });

  it("the app's own sources keep every component they render", () => {
    const used = antdFoldersInUse([path.join(REPO, 'packages/web/src')], ANTD_ES);
    for (const folder of ['layout', 'menu', 'table', 'form', 'modal', 'select', 'date-picker', 'upload', 'tabs', 'message', 'notification']) expect(used).toContain(folder);
  });
});
