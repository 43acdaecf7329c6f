import fs from 'node:fs';
import path from 'node:path';

/** Compressed twins of a file (scripts/build/web-assets.ts): sent in its place, never under their own name. */
const COMPRESSED_TWIN = /\.(br|gz)$/;

/**
 * The files of the web build a browser may ask for, by folder (relative, `/`-separated; `''` for the
 * build's root): every file except the page itself (index.html, served with its flags filled in),
 * the compressed twins, and dot entries (`.vite`, the build's manifest). Read once at start: the
 * build does not change under a running server.
 */
export function webFilesByFolder(webDist: string): Map<string, Set<string>> {
  const folders = new Map<string, Set<string>>();
  const walk = (folder: string) => {
    for (const entry of fs.readdirSync(path.join(webDist, folder), { withFileTypes: true })) {
      if (entry.name.startsWith('.')) continue;
      const relative = folder ? `${folder}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(relative);
      else if (entry.isFile() && !COMPRESSED_TWIN.test(entry.name) && !(folder === '' && entry.name === 'index.html')) {
        let names = folders.get(folder);
        if (!names) folders.set(folder, (names = new Set()));
        names.add(entry.name);
      }
    }
  };
  walk('');
  return folders;
}
