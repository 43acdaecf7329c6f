/**
 * Whether a build output is newer than everything it is made from: `npm start` rebuilds only what
 * changed, and `npm run serve` runs the built server only when it is up to date.
 */
import fs from 'node:fs';
import path from 'node:path';

/** The newest modification time (ms) of the files under `roots` (files or folders; missing ones count as 0). */
export function newestMtime(roots) {
  let newest = 0;
  const visit = (entry) => {
    let stat;
    try {
      stat = fs.statSync(entry);
    } catch {
      return;
    }
    if (stat.isDirectory()) {
      for (const name of fs.readdirSync(entry)) if (name !== 'node_modules' && name !== 'dist') visit(path.join(entry, name));
    } else if (stat.mtimeMs > newest) {
      newest = stat.mtimeMs;
    }
  };
  for (const root of roots) visit(root);
  return newest;
}

/** True when `output` exists and is at least as new as every file under `sources`. */
export function isFresh(output, sources) {
  let built;
  try {
    built = fs.statSync(output).mtimeMs;
  } catch {
    return false;
  }
  return built >= newestMtime(sources);
}
