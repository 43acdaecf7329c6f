import { spinWithSynonyms, type Rng } from '@linkloom/shared';
import { builtInSynonyms } from './thesaurus';

/**
 * The built-in spinner on the shipped WordNet synonyms: spintax expanded, about half of the words
 * that have a synonym replaced, the protected words and keepWords (link keywords) untouched, never
 * inside tags, links or code (see spinWithSynonyms for the readability rules). Seeded by `rng`, so
 * one seed always gives the same text. Large texts get here on a content pool thread
 * (content-work/content-work.ts), never on the thread serving requests.
 */
export function spinBuiltIn(text: string, protectedWords: string | readonly string[], rng: Rng, keepWords: readonly string[] = []): string {
  return spinWithSynonyms(text, rng, { synonyms: builtInSynonyms(), protectedWords, keepWords });
}
