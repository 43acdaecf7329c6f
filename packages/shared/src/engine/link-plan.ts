import { LINK_SET_PROFILE_DEFAULTS } from '../schemas/link-set-profiles';
import type { Rng } from './random';

/** One input link set of a project and how it feeds posts (a link set profile of the form). */
export interface LinkPlanProfile {
  linkSetId: number;
  minLinks: number | null;
  maxLinks: number | null;
  /** Percentage of posts that carry links from this set. */
  linkProb: number | null;
}

/** How many links one post takes from one input link set (0: none this time). */
export interface PlannedLinks {
  linkSetId: number;
  count: number;
}

const wholeIn = (value: number | null, fallback: number, low: number, high: number): number => {
  const number = value === null || !Number.isFinite(value) ? fallback : Math.round(value);
  return Math.min(high, Math.max(low, number));
};

/**
 * For one post, how many links each input link set gives, in profile order: with linkProb%
 * probability the post carries links from that set, and then a count uniform in
 * minLinks..maxLinks. Missing values take the profile defaults (linkProb 100, 1 to 3); counts are
 * clamped to 0–20 and max to at least min, the probability to 0–100.
 */
export function planLinks(profiles: readonly LinkPlanProfile[], rng: Rng): PlannedLinks[] {
  return profiles.map((profile) => {
    const min = wholeIn(profile.minLinks, LINK_SET_PROFILE_DEFAULTS.minLinks, 0, 20);
    const max = Math.max(min, wholeIn(profile.maxLinks, LINK_SET_PROFILE_DEFAULTS.maxLinks, 0, 20));
    const probability = wholeIn(profile.linkProb, LINK_SET_PROFILE_DEFAULTS.linkProb, 0, 100);
    const carries = rng.chance(probability);
    return { linkSetId: profile.linkSetId, count: carries ? rng.int(min, max) : 0 };
  });
}

/**
 * `count` positions in a set of `total` links: all distinct while the set has enough; past that the
 * set is used again in a fresh order (every link once before any link twice). Costs O(count) when
 * count is small next to total, so the engine can pick rows of a large link set by offset.
 */
export function pickLinkIndexes(total: number, count: number, rng: Rng): number[] {
  if (!(total > 0) || !(count > 0)) return [];
  const picked: number[] = [];
  const all = (): number[] => Array.from({ length: total }, (_, i) => i);
  while (count - picked.length >= total) picked.push(...rng.shuffle(all()));
  const rest = count - picked.length;
  if (rest === 0) return picked;
  if (rest * 2 <= total) {
    // Sparse draw: rejection sampling touches only the drawn positions.
    const chosen = new Set<number>();
    while (chosen.size < rest) {
      const index = rng.int(0, total - 1);
      if (!chosen.has(index)) {
        chosen.add(index);
        picked.push(index);
      }
    }
    return picked;
  }
  return [...picked, ...rng.shuffle(all()).slice(0, rest)];
}

/** `count` links of a set, distinct where possible (see pickLinkIndexes). */
export function pickLinks<T>(links: readonly T[], count: number, rng: Rng): T[] {
  return pickLinkIndexes(links.length, count, rng).map((index) => links[index] as T);
}
