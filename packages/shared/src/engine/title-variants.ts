import { createRng } from './random';

/**
 * Ways a writer retitles a piece they come back to: a reused article's post takes one so no two
 * posts of a project share a title (issue 34 item 3). Each article goes through them in its own
 * seeded order, so posts of different articles do not share one qualifier in step.
 */
const SUFFIXES = [
  'a closer look', 'what to know', 'a practical guide', 'lessons learned', 'common questions', 'ideas that work',
  'the essentials', 'a short guide', 'what works best', 'getting started', 'worth knowing', 'a second look',
  'notes from experience', 'the basics explained', 'tips and pitfalls', 'a fresh take', 'mistakes to avoid',
  'where to begin', 'a beginner’s view', 'what changed', 'the details that matter', 'a quick overview',
];
const PREFIXES = ['Notes on', 'A fresh look at', 'More on', 'Revisiting', 'Thoughts on', 'Inside', 'All about', 'Rethinking'];
/** Titles that already read as a question or an instruction take only a suffix. */
const NO_PREFIX = /^(how|why|what|when|where|which|who|is|are|can|do|does|should|will|top|best|\d)/i;

const SMALL_WORDS = new Set(['a', 'an', 'and', 'at', 'for', 'from', 'in', 'of', 'on', 'or', 'the', 'to', 'with']);

/** True when most of the title's longer words start with a capital (Title Case). */
function isTitleCase(text: string): boolean {
  const words = text.split(/\s+/).filter((word) => word.length > 3);
  return words.length > 0 && words.filter((word) => /^\p{Lu}/u.test(word)).length * 2 > words.length;
}

/** The qualifier written in the title's own style: Title Case, or only its first letter capitalised. */
function inStyle(phrase: string, titleCase: boolean): string {
  const words = phrase.split(' ');
  return words.map((word, i) => (i === 0 || (titleCase && !SMALL_WORDS.has(word)) ? word.charAt(0).toUpperCase() + word.slice(1) : word)).join(' ');
}

/**
 * The title of the `variant`-th post with this title in a project: variant 0 is the title itself;
 * each later one is the title with a different qualifier (`Title: a closer look`, `Notes on Title`,
 * both, then `Title (part n)`), so every variant of one title differs from every other. `seed`
 * orders the qualifiers for this article.
 */
export function titleVariant(title: string, variant: number, seed: string): string {
  const base = title.trim().replace(/[.:;,!?\s]+$/u, '');
  if (variant <= 0 || base === '') return title;
  const rng = createRng(`${seed}/title-variants`);
  const suffixes = rng.shuffle(SUFFIXES);
  const prefixes = NO_PREFIX.test(base) ? [] : rng.shuffle(PREFIXES);
  const titleCase = isTitleCase(base);
  const forms: ((text: string) => string)[] = [
    ...suffixes.map((suffix) => (text: string) => `${text}: ${inStyle(suffix, titleCase)}`),
    ...prefixes.map((prefix) => (text: string) => `${inStyle(prefix.toLowerCase(), titleCase)} ${text}`),
  ];
  const combined = prefixes.length * suffixes.length;
  const n = variant - 1;
  if (n < forms.length) return forms[n]!(base);
  if (n < forms.length + combined) {
    const k = n - forms.length;
    const prefix = prefixes[Math.floor(k / suffixes.length)]!;
    const suffix = suffixes[k % suffixes.length]!;
    return `${inStyle(prefix.toLowerCase(), titleCase)} ${base}: ${inStyle(suffix, titleCase)}`;
  }
  return `${base} (part ${n - forms.length - combined + 2})`;
}
