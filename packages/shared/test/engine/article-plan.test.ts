import { describe, expect, it } from 'vitest';
import { planArticles, titleKey, type PlannableArticle } from '../../src/engine/article-plan';
import { buildPost } from '../../src/engine/build-post';
import { createRng } from '../../src/engine/random';
import { titleVariant } from '../../src/engine/title-variants';

const articles = (n: number, extra: Partial<PlannableArticle> = {}): PlannableArticle[] =>
  Array.from({ length: n }, (_, i) => ({ id: i + 1, title: `Article ${i + 1}`, projectUses: 0, usage: 0, ...extra }));

const ids = (plan: ReturnType<typeof planArticles>) => plan.map((p) => p?.articleId ?? null);

describe('planArticles', () => {
  it('uses every article once before any twice, least used first', () => {
    const plan = planArticles(articles(4), 10, 0, createRng('a'));
    const first = ids(plan.slice(0, 4));
    expect(new Set(first).size).toBe(4);
    expect(new Set(ids(plan.slice(4, 8))).size).toBe(4);
    expect(plan.slice(0, 4).every((p) => p?.variant === 0)).toBe(true);
    expect(plan.slice(4, 8).every((p) => p?.variant === 1)).toBe(true);
    expect(plan.slice(8).every((p) => p?.variant === 2)).toBe(true);
  });

  it('continues across runs: the articles the project used least come first, ties by the group\'s usage', () => {
    const group: PlannableArticle[] = [
      { id: 1, title: 'One', projectUses: 2, usage: 2 },
      { id: 2, title: 'Two', projectUses: 1, usage: 9 },
      { id: 3, title: 'Three', projectUses: 0, usage: 5 },
      { id: 4, title: 'Four', projectUses: 1, usage: 1 },
      { id: 5, title: 'Five', projectUses: 0, usage: 0 },
    ];
    const plan = planArticles(group, 6, 0, createRng('runs'));
    expect(ids(plan)).toEqual([5, 3, 4, 5, 3, 2]);
    // The variant counts the project's earlier posts of the same title, across runs.
    expect(plan.map((p) => p?.variant)).toEqual([0, 0, 1, 1, 1, 1]);
  });

  it('honours maxUsagePerArticle (the group\'s usage count; 0 = unlimited) and leaves null when none is left', () => {
    const group = articles(3, { usage: 1 });
    const plan = planArticles(group, 5, 2, createRng('max'));
    expect(ids(plan).slice(0, 3).sort()).toEqual([1, 2, 3]);
    expect(plan.slice(3)).toEqual([null, null]);
    expect(planArticles(group, 9, 0, createRng('max')).every((p) => p !== null)).toBe(true);
    expect(planArticles([], 2, 0, createRng('x'))).toEqual([null, null]);
  });

  it('counts two articles of one title as one title', () => {
    const group: PlannableArticle[] = [
      { id: 1, title: 'Garden Tools!', projectUses: 0, usage: 0 },
      { id: 2, title: 'garden   tools', projectUses: 0, usage: 0 },
    ];
    expect(titleKey('Garden Tools!')).toBe(titleKey('garden   tools'));
    expect(planArticles(group, 2, 0, createRng('t')).map((p) => p?.variant).sort()).toEqual([0, 1]);
  });
});

describe('titleVariant', () => {
  it('gives every variant of a title a different title, none equal to the title itself', () => {
    for (const title of ['Raised Bed Gardening for Beginners', 'How to prune roses', 'Sourdough']) {
      const titles = Array.from({ length: 400 }, (_, v) => titleVariant(title, v, titleKey(title)));
      expect(titles[0]).toBe(title);
      expect(new Set(titles.map(titleKey)).size).toBe(400);
    }
  });

  it('orders the qualifiers per title, so two titles\' first reuses do not share one', () => {
    const a = titleVariant('Raised Bed Gardening', 1, 'raised bed gardening').replace('Raised Bed Gardening', '');
    const b = titleVariant('Composting at Home', 1, 'composting at home').replace('Composting at Home', '');
    expect(a).not.toBe(b);
  });
});

describe('distinct titles and bodies for a project with fewer articles than posts', () => {
  const group = [
    { id: 1, title: 'Growing tomatoes in raised beds', body: 'Tomatoes like sun and steady water.\n\nMulch keeps the soil moist and warm.' },
    { id: 2, title: 'Composting at home', body: 'A compost heap needs green and brown material.\n\nTurn it every few weeks.' },
  ];
  it('12 posts from 2 articles: no two titles, no two bodies the same (spinning off: titles by variant, bodies reordered)', () => {
    const plan = planArticles(group.map((a) => ({ ...a, projectUses: 0, usage: 0 })), 12, 0, createRng('posts'));
    const posts = plan.map((planned, n) => {
      const article = group.find((a) => a.id === planned!.articleId)!;
      return buildPost({
        article, linkSources: [], placement: 'Top', tags: '',
        reuse: { variant: planned!.variant, seed: titleKey(article.title) },
      }, createRng(`post-${n}`));
    });
    expect(new Set(posts.map((p) => titleKey(p.title))).size).toBe(12);
    // Two paragraphs give two orders: the first reuse differs from the first post; spinning does the rest.
    const firstUses = posts.filter((_, n) => plan[n]!.variant <= 1);
    expect(new Set(firstUses.map((p) => p.html)).size).toBe(firstUses.length);
  });
});
