import type { KeywordPercentageType } from '../domain/keyword-percentages';
import type { LinkSetKeywords } from '../schemas/link-sets';
import type { Rng } from './random';
import { spin } from './spintax';

/** A link of an input link set as the pipeline needs it. */
export interface SourceLink {
  url: string;
  anchor: string;
}

/** Where an anchor came from: one of the five keyword kinds, or the link's own anchor. */
export type AnchorType = KeywordPercentageType | 'linkAnchor';

export interface ChosenAnchor {
  text: string;
  type: AnchorType;
}

/** The keyword settings of a link set (its Keywords tab). */
export type AnchorKeywords = Pick<LinkSetKeywords,
  'useKeyword' | 'primaryKeyword' | 'secondaryKeyword' | 'brandedKeyword' | 'genericKeyword'
  | 'primaryPercentage' | 'secondaryPercentage' | 'brandedPercentage' | 'genericPercentage' | 'nakedUrlPercentage'>;

/**
 * The phrases of one keyword field: split at commas and line breaks that are not inside a spintax
 * group (so `{best|top} shoes, cheap shoes` is two phrases), trimmed, empty ones dropped.
 */
export function keywordPhrases(field: string): string[] {
  const phrases: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i <= field.length; i += 1) {
    const char = field[i];
    if (char === '{') depth += 1;
    else if (char === '}') depth = Math.max(0, depth - 1);
    else if (char === undefined || (depth === 0 && (char === ',' || char === '\n' || char === '\r'))) {
      const phrase = field.slice(start, i).trim();
      if (phrase !== '') phrases.push(phrase);
      start = i + 1;
    }
  }
  return phrases;
}

/** The link's own anchor, or its URL when it has none. */
function ownAnchor(link: SourceLink): ChosenAnchor {
  const anchor = link.anchor.trim();
  return anchor === '' ? { text: link.url, type: 'nakedUrl' } : { text: anchor, type: 'linkAnchor' };
}

/**
 * The anchor of one placed link. With the link set's useKeyword on, the kind is drawn by the five
 * percentages (primary, secondary, branded, generic, naked URL — weights, normalised by their total
 * so stored data that does not total 100 still works), then one phrase of that keyword field is
 * picked and spun; naked URL is the link's URL as stored. Otherwise, or when the drawn field holds
 * no phrase, the link's own anchor; a link without an anchor gets its naked URL.
 */
export function chooseAnchor(keywords: AnchorKeywords | null | undefined, link: SourceLink, rng: Rng): ChosenAnchor {
  if (!keywords?.useKeyword) return ownAnchor(link);
  const weights: [KeywordPercentageType, number][] = [
    ['primary', keywords.primaryPercentage],
    ['secondary', keywords.secondaryPercentage],
    ['branded', keywords.brandedPercentage],
    ['generic', keywords.genericPercentage],
    ['nakedUrl', keywords.nakedUrlPercentage],
  ];
  const total = weights.reduce((sum, [, weight]) => sum + (weight > 0 ? weight : 0), 0);
  if (!(total > 0)) return ownAnchor(link);
  let roll = rng.next() * total;
  let type: KeywordPercentageType = 'primary';
  for (const [candidate, weight] of weights) {
    if (weight <= 0) continue;
    type = candidate;
    if (roll < weight) break;
    roll -= weight;
  }
  if (type === 'nakedUrl') return { text: link.url, type };
  const field = { primary: keywords.primaryKeyword, secondary: keywords.secondaryKeyword, branded: keywords.brandedKeyword, generic: keywords.genericKeyword }[type];
  const phrases = keywordPhrases(field);
  if (phrases.length === 0) return ownAnchor(link);
  const text = spin(rng.pick(phrases), rng).trim();
  return text === '' ? ownAnchor(link) : { text, type };
}
