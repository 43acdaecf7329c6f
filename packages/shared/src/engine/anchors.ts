import { KEYWORD_PERCENTAGE_TYPES as KINDS, type KeywordPercentageType } from '../domain/keyword-percentages';
import type { LinkSetKeywords } from '../schemas/link-sets';
import type { Rng } from './random';
import { spin } from './spintax';

/** A link of an input link set as the pipeline needs it. */
export interface SourceLink {
  url: string;
  anchor: string;
}

/**
 * Where an anchor came from: a keyword kind (primary, secondary, branded, generic), the naked URL,
 * or the link's own anchor (for a tier's output link set: the target post's title) — each a share
 * of the link set's mix.
 */
export type AnchorType = KeywordPercentageType;

export interface ChosenAnchor {
  text: string;
  type: AnchorType;
}

/** The keyword settings of a link set (its Keywords tab). */
export type AnchorKeywords = Pick<LinkSetKeywords,
  'useKeyword' | 'primaryKeyword' | 'secondaryKeyword' | 'brandedKeyword' | 'genericKeyword'
  | 'primaryPercentage' | 'secondaryPercentage' | 'brandedPercentage' | 'genericPercentage' | 'nakedUrlPercentage'>
  /** The link's own anchor's share (issue 34 item 5); absent: 0. */
  & { linkAnchorPercentage?: number };

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
 * Anchors already placed from one link set, by kind (the engine keeps them with each post's links,
 * so the tally survives restarts and is shared by every job). chooseAnchor adds each anchor it
 * chooses, so the links of one post count too.
 */
export type AnchorCounts = Partial<Record<AnchorType, number>>;

/** A deficit this close to the largest one is a tie (float noise of the shares). */
const TIE = 1e-9;

/**
 * The quota draw of issue 18.5: the keyword kind whose realised share lags its target most, given
 * the anchors of each kind already placed. With `n` anchors placed, kind k's deficit is
 * share_k · (n + 1) − count_k; the largest deficit wins, ties broken at random (one draw of `rng`,
 * always made). Only kinds with a positive weight and listed in `available` take part; a kind at
 * 0 % is never chosen and one at 100 % always. Starting from zero counts, every kind's count stays
 * within one of share · n at every n (a largest-remainder sequence), so the mix holds at any
 * length; from counts off the target (other weights before an edit) it converges back.
 * Null when no kind has a positive weight.
 */
export function quotaAnchorKind(
  weights: Readonly<Record<KeywordPercentageType, number>>, counts: AnchorCounts, rng: Rng,
  available: ReadonlySet<KeywordPercentageType> = new Set(KINDS),
): KeywordPercentageType | null {
  const kinds = KINDS.filter((kind) => weights[kind] > 0 && available.has(kind));
  const total = kinds.reduce((sum, kind) => sum + weights[kind], 0);
  const roll = rng.next();
  if (!(total > 0)) return null;
  const placed = kinds.reduce((sum, kind) => sum + Math.max(0, counts[kind] ?? 0), 0);
  const deficits = kinds.map((kind) => (weights[kind] / total) * (placed + 1) - Math.max(0, counts[kind] ?? 0));
  const widest = Math.max(...deficits);
  const tied = kinds.filter((_, i) => deficits[i]! >= widest - TIE);
  return tied[Math.min(tied.length - 1, Math.floor(roll * tied.length))]!;
}

/**
 * The anchor of one placed link. With the link set's useKeyword on, the kind is drawn by the
 * percentages (primary, secondary, branded, generic, naked URL, link's own anchor — weights,
 * normalised by their total so stored data that does not total 100 still works), then one phrase
 * of that keyword field is picked and spun; naked URL is the link's URL as stored; the own anchor is
 * the link's anchor as stored (a tier's output link: the target post's title). Otherwise, or when
 * the drawn field holds no phrase, the link's own anchor; a link without an anchor gets its naked URL.
 *
 * Given `counts` (the anchors already placed from this link set), the kind is the quota draw
 * (quotaAnchorKind, over the kinds whose field has a phrase) instead of a weighted random draw, and
 * the chosen anchor's kind is added to `counts`. Given `planned` (the kind the run's plan drew for
 * this link, planAnchorKinds), that kind is taken while the set still offers it (the same one draw
 * of `rng` is made, so a rebuild draws alike).
 */
export function chooseAnchor(keywords: AnchorKeywords | null | undefined, link: SourceLink, rng: Rng, counts?: AnchorCounts, planned?: AnchorType | null): ChosenAnchor {
  const chosen = drawAnchor(keywords, link, rng, counts, planned ?? undefined);
  if (counts) counts[chosen.type] = (counts[chosen.type] ?? 0) + 1;
  return chosen;
}

function fieldOf(keywords: AnchorKeywords, type: Exclude<KeywordPercentageType, 'nakedUrl' | 'linkAnchor'>): string {
  return { primary: keywords.primaryKeyword, secondary: keywords.secondaryKeyword, branded: keywords.brandedKeyword, generic: keywords.genericKeyword }[type];
}

/** A link set's anchor shares as weights, and the kinds it can give (a keyword kind needs a phrase in its field). */
export function anchorKindOptions(keywords: AnchorKeywords): { weights: Record<KeywordPercentageType, number>; available: Set<KeywordPercentageType> } {
  const weights: Record<KeywordPercentageType, number> = {
    primary: keywords.primaryPercentage,
    secondary: keywords.secondaryPercentage,
    branded: keywords.brandedPercentage,
    generic: keywords.genericPercentage,
    nakedUrl: keywords.nakedUrlPercentage,
    linkAnchor: keywords.linkAnchorPercentage ?? 0,
  };
  // Naked URL and the own anchor always have something to give (a link without an anchor gives
  // its URL); the choice never depends on the link's text, so a large set's two passes draw alike.
  const available = new Set(KINDS.filter((kind) => kind === 'nakedUrl' || kind === 'linkAnchor' || keywordPhrases(fieldOf(keywords, kind)).length > 0));
  return { weights, available };
}

/**
 * The anchor kinds of `links` links to be placed from one link set, in order, drawn by the quota
 * draw from the anchors it already has (`counts`, updated): what a run plans at Start (issue 34
 * item 5), so posts built side by side follow the mix together instead of each reading the same
 * counts. Null for each when the set's keywords are off or give no kind (links take their own anchor).
 */
export function planAnchorKinds(keywords: AnchorKeywords | null | undefined, counts: AnchorCounts, links: number, rng: Rng): (KeywordPercentageType | null)[] {
  if (!keywords?.useKeyword) return Array.from({ length: links }, () => null);
  const { weights, available } = anchorKindOptions(keywords);
  return Array.from({ length: links }, () => {
    const kind = quotaAnchorKind(weights, counts, rng, available);
    if (kind !== null) counts[kind] = (counts[kind] ?? 0) + 1;
    return kind;
  });
}

function drawAnchor(keywords: AnchorKeywords | null | undefined, link: SourceLink, rng: Rng, counts: AnchorCounts | undefined, planned: AnchorType | undefined): ChosenAnchor {
  if (!keywords?.useKeyword) return ownAnchor(link);
  const { weights, available } = anchorKindOptions(keywords);
  let type: KeywordPercentageType;
  if (planned !== undefined && weights[planned] > 0 && available.has(planned)) {
    rng.next();
    type = planned;
  } else if (counts) {
    const drawn = quotaAnchorKind(weights, counts, rng, available);
    if (drawn === null) return ownAnchor(link);
    type = drawn;
  } else {
    const total = KINDS.reduce((sum, kind) => sum + (weights[kind] > 0 ? weights[kind] : 0), 0);
    if (!(total > 0)) return ownAnchor(link);
    let roll = rng.next() * total;
    type = 'primary';
    for (const candidate of KINDS) {
      const weight = weights[candidate];
      if (weight <= 0) continue;
      type = candidate;
      if (roll < weight) break;
      roll -= weight;
    }
  }
  if (type === 'nakedUrl') return { text: link.url, type };
  if (type === 'linkAnchor') return ownAnchor(link);
  const phrases = keywordPhrases(fieldOf(keywords, type));
  if (phrases.length === 0) return ownAnchor(link);
  const text = spin(rng.pick(phrases), rng).trim();
  return text === '' ? ownAnchor(link) : { text, type };
}
