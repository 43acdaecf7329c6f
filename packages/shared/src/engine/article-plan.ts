import type { Rng } from './random';

/** An article of the content group as the run's plan sees it. */
export interface PlannableArticle {
  id: number;
  title: string;
  /** Posts of this project that used it so far (all runs; failed and cancelled posts do not count). */
  projectUses: number;
  /** The group's usage count (every project): what maxUsagePerArticle limits. */
  usage: number;
}

/** One post's article: which one, and its `variant` — how many earlier posts of the project carried the same title. */
export interface PlannedArticle {
  articleId: number;
  /** 0: the first post with this title; n > 0: a reuse, spun and given a title of its own (titleVariant). */
  variant: number;
}

/** Titles compared the way a reader would: case, spacing and punctuation ignored. */
export function titleKey(title: string): string {
  return title.normalize('NFKC').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
}

interface Entry {
  article: PlannableArticle;
  /** titleKey of its title, worked out once. */
  key: string;
  uses: number;
  usage: number;
  /** Seeded tie-break among equally used articles. */
  order: number;
}

const before = (a: Entry, b: Entry): boolean => a.uses !== b.uses ? a.uses < b.uses : a.usage !== b.usage ? a.usage < b.usage : a.order < b.order;

/** A binary min-heap over `before`: the planner takes the least used article `posts` times. */
class EntryHeap {
  private readonly items: Entry[] = [];
  get size(): number {
    return this.items.length;
  }
  push(entry: Entry): void {
    const items = this.items;
    items.push(entry);
    let i = items.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!before(items[i]!, items[parent]!)) break;
      [items[i], items[parent]] = [items[parent]!, items[i]!];
      i = parent;
    }
  }
  pop(): Entry | undefined {
    const items = this.items;
    const top = items[0];
    const last = items.pop();
    if (items.length > 0 && last) {
      items[0] = last;
      let i = 0;
      for (;;) {
        const left = 2 * i + 1;
        const right = left + 1;
        let least = i;
        if (left < items.length && before(items[left]!, items[least]!)) least = left;
        if (right < items.length && before(items[right]!, items[least]!)) least = right;
        if (least === i) break;
        [items[i], items[least]] = [items[least]!, items[i]!];
        i = least;
      }
    }
    return top;
  }
}

/**
 * The articles of a run's posts, in the posts' planned order (issue 34 item 3): each post takes
 * the article this project used least (across runs), then the one the group used least, then a
 * seeded choice — so no article is reused while an unused one is left. An article at the group's
 * `maxUsagePerArticle` (0 or less: unlimited) is not taken; a post for which none is left gets
 * null (the run then says every article reached the maximum). The plan is made once per run, before
 * any post is built, so posts published side by side never pick the same least-used article.
 *
 * Each post's variant counts the project's earlier posts with the same title (two articles of one
 * title count as one): the build spins a reuse and gives it a title of its own, so no two posts of
 * the project share a title.
 */
export function planArticles(articles: readonly PlannableArticle[], posts: number, maxUsagePerArticle: number, rng: Rng): (PlannedArticle | null)[] {
  const limited = Number.isFinite(maxUsagePerArticle) && maxUsagePerArticle > 0;
  const heap = new EntryHeap();
  const titleUses = new Map<string, number>();
  const order = rng.shuffle(articles.map((_, i) => i));
  order.forEach((index, rank) => {
    const article = articles[index]!;
    const key = titleKey(article.title);
    titleUses.set(key, (titleUses.get(key) ?? 0) + Math.max(0, article.projectUses));
    if (!limited || article.usage < maxUsagePerArticle) heap.push({ article, key, uses: Math.max(0, article.projectUses), usage: Math.max(0, article.usage), order: rank });
  });
  const plan: (PlannedArticle | null)[] = [];
  for (let n = 0; n < posts; n += 1) {
    const entry = heap.pop();
    if (!entry) {
      plan.push(null);
      continue;
    }
    const variant = titleUses.get(entry.key) ?? 0;
    titleUses.set(entry.key, variant + 1);
    plan.push({ articleId: entry.article.id, variant });
    entry.uses += 1;
    entry.usage += 1;
    if (!limited || entry.usage < maxUsagePerArticle) heap.push(entry);
  }
  return plan;
}
