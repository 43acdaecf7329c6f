import { createRng, spinWithSynonyms } from '@linkloom/shared';
import { builtInSynonyms } from './thesaurus';

/**
 * The built-in spinner on the shipped WordNet synonyms: spintax expanded, about half of the words
 * that have a synonym replaced, the protected words and keepWords (link keywords) untouched, never
 * inside tags, links or code (see spinWithSynonyms for the readability rules). Seeded, so one seed
 * always gives the same text.
 */
export function spinBuiltIn(text: string, protectedWords: string | readonly string[], seed: string, keepWords: readonly string[] = []): string {
  return spinWithSynonyms(text, createRng(seed), { synonyms: builtInSynonyms(), protectedWords, keepWords });
}
