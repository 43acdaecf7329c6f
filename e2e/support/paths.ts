import path from 'node:path';

/** The repository root: the server is started from here, as `npm run serve` does. */
export const REPO_ROOT = path.resolve(import.meta.dirname, '..', '..');

/** Where failure screenshots go (gitignored). */
export const TEST_RESULTS_DIR = path.join(REPO_ROOT, 'test-results');
