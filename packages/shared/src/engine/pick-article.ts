import type { Rng } from './random';

/** What the pick needs of an article: its id and how many posts have used it so far. */
export interface ArticleUsage {
  id: number;
  usage: number;
}

/**
 * The article the next post uses: the least used one among those still under
 * `maxUsagePerArticle`, a random one among equally used ones; null when every article reached the
 * maximum (or the group is empty). As the content group schema says, 0 means unlimited (so does
 * anything that is not a positive number). Counting the use is the caller's: it increments the
 * chosen article's usage in the same transaction that records the post.
 */
export function pickArticle<T extends ArticleUsage>(articles: readonly T[], maxUsagePerArticle: number, rng: Rng): T | null {
  const limited = Number.isFinite(maxUsagePerArticle) && maxUsagePerArticle > 0;
  let least = Number.POSITIVE_INFINITY;
  let candidates: T[] = [];
  for (const article of articles) {
    if (limited && article.usage >= maxUsagePerArticle) continue;
    if (article.usage < least) {
      least = article.usage;
      candidates = [article];
    } else if (article.usage === least) candidates.push(article);
  }
  return candidates.length === 0 ? null : rng.pick(candidates);
}
