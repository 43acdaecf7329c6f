/**
 * antd's stylesheet without the components the app never renders (issue 10, first screen).
 *
 * antd runs in zero-runtime mode on `antd/dist/antd.css`: one file of about 1 MB with every
 * component's rules, which the browser parses and indexes before the first screen can render.
 * The components the app can ever render are known when it is built: the ones its sources import
 * from antd, and the ones those import in turn (a Table brings Checkbox, Dropdown, Pagination...).
 * The rules of every other component (Steps, Cascader, Tour...) are dropped at build time, so the
 * stylesheet's name (its content hash) still changes whenever what is kept changes.
 *
 * Conservative by construction: a rule is dropped only when every selector in it starts from a
 * class (`.ant-steps-item`) whose component is known and unused. Rules without such a class
 * (resets, token variables, motion classes, keyframes) are kept; rules inside @media, @supports or
 * @container are judged the same way, and an at-rule left empty goes.
 */
import fs from 'node:fs';
import path from 'node:path';
import postcss, { type Container } from 'postcss';
import { filesUnder } from './web-assets';

/** Class prefixes a component's folder writes that are neither its folder name nor a literal getPrefixCls('…') in its code. */
const EXTRA_PREFIXES: Readonly<Record<string, readonly string[]>> = {
  'date-picker': ['picker'],
  'time-picker': ['picker'],
  calendar: ['picker-calendar'],
  'float-button': ['float-btn'],
  cascader: ['cascader'],
  typography: ['typography'],
  'qr-code': ['qrcode'],
};

/** The names an import statement takes from a module (`import { A, B as C, type D } from 'antd'`). */
const NAMED_IMPORT = /import\s+(?:type\s+)?\{([^}]*)\}\s*from\s*['"]antd['"]/g;
const SUBPATH_IMPORT = /from\s*['"]antd\/(?:es|lib)\/([a-z-]+)/g;
const RELATIVE_IMPORT = /(?:from|import)\s*['"](\.{1,2}\/[^'"]+)['"]/g;

/** antd's export name → the folder of antd/es it comes from (`Table` → `table`), read from antd/es/index.js. */
function exportFolders(antdEs: string): Map<string, string> {
  const index = fs.readFileSync(path.join(antdEs, 'index.js'), 'utf8');
  const folders = new Map<string, string>();
  for (const match of index.matchAll(/export\s*\{([^}]*)\}\s*from\s*['"]\.\/([a-z-]+)/g)) {
    for (const part of match[1]!.split(',')) {
      const name = part.trim().split(/\s+as\s+/).pop();
      if (name) folders.set(name, match[2]!);
    }
  }
  return folders;
}

/** The top-level antd/es folder a file of it lies in (`…/antd/es/table/Table.js` → `table`). */
function folderOf(antdEs: string, file: string): string | undefined {
  const relative = path.relative(antdEs, file);
  if (relative.startsWith('..')) return undefined;
  const [first] = relative.split(path.sep);
  return first && !first.includes('.') ? first : undefined;
}

/**
 * The antd/es folders the app can render: those its sources (`.ts`/`.tsx` under `sourceDirs`)
 * import, and every folder their files import in turn.
 */
export function antdFoldersInUse(sourceDirs: readonly string[], antdEs: string): Set<string> {
  const byExport = exportFolders(antdEs);
  const used = new Set<string>();
  const pending: string[] = [];
  const use = (folder: string | undefined) => {
    if (!folder || used.has(folder) || !fs.existsSync(path.join(antdEs, folder))) return;
    used.add(folder);
    pending.push(folder);
  };
  for (const dir of sourceDirs) {
    for (const file of filesUnder(dir)) {
      if (!/\.tsx?$/.test(file)) continue;
      const source = fs.readFileSync(file, 'utf8');
      for (const match of source.matchAll(NAMED_IMPORT)) {
        for (const part of match[1]!.split(',')) {
          const name = part.trim().replace(/^type\s+/, '').split(/\s+as\s+/)[0];
          if (name) use(byExport.get(name));
        }
      }
      for (const match of source.matchAll(SUBPATH_IMPORT)) use(match[1]);
    }
  }
  // What the used folders import from their neighbours (../checkbox, ../../_util/…).
  for (let folder = pending.pop(); folder !== undefined; folder = pending.pop()) {
    for (const file of filesUnder(path.join(antdEs, folder))) {
      if (!file.endsWith('.js')) continue;
      for (const match of fs.readFileSync(file, 'utf8').matchAll(RELATIVE_IMPORT)) {
        use(folderOf(antdEs, path.resolve(path.dirname(file), match[1]!)));
      }
    }
  }
  return used;
}

/** Each class prefix antd writes (`btn`, `input-number`) → the antd/es folders that write it. */
export function classPrefixOwners(antdEs: string): Map<string, Set<string>> {
  const owners = new Map<string, Set<string>>();
  const own = (prefix: string, folder: string) => {
    const set = owners.get(prefix) ?? new Set<string>();
    set.add(folder);
    owners.set(prefix, set);
  };
  for (const entry of fs.readdirSync(antdEs, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name.startsWith('_')) continue;
    const folder = entry.name;
    own(folder, folder);
    for (const prefix of EXTRA_PREFIXES[folder] ?? []) own(prefix, folder);
    for (const file of filesUnder(path.join(antdEs, folder))) {
      if (!file.endsWith('.js')) continue;
      for (const match of fs.readFileSync(file, 'utf8').matchAll(/getPrefixCls\(\s*['"]([a-z-]+)['"]/g)) own(match[1]!, folder);
    }
  }
  return owners;
}

/** The component folders behind a selector's first antd class, by the longest known prefix; undefined when none is known. */
function selectorOwners(selector: string, owners: Map<string, Set<string>>): Set<string> | undefined {
  const match = /\.ant-([a-z][a-z0-9-]*)/.exec(selector);
  if (!match) return undefined;
  const parts = match[1]!.split('-');
  for (let length = parts.length; length > 0; length -= 1) {
    const found = owners.get(parts.slice(0, length).join('-'));
    if (found) return found;
  }
  return undefined;
}

/** The stylesheet without the rules of components outside `used` (see the module's comment for what is kept). */
export function dropUnusedAntdRules(css: string, used: ReadonlySet<string>, owners: Map<string, Set<string>>): string {
  const root = postcss.parse(css);
  const unused = (selector: string) => {
    const folders = selectorOwners(selector, owners);
    return folders !== undefined && ![...folders].some((folder) => used.has(folder));
  };
  const prune = (container: Container) => {
    container.each((node) => {
      if (node.type === 'rule') {
        if (node.selectors.every(unused)) node.remove();
      } else if (node.type === 'atrule' && node.nodes && node.nodes.length > 0 && !/keyframes$/.test(node.name)) {
        // @media, @supports, @container…: their rules are judged one by one (a keyframe's steps are not selectors).
        prune(node);
        if (node.nodes.length === 0) node.remove();
      }
    });
  };
  prune(root);
  return root.toString();
}
