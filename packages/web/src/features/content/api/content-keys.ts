/** TanStack Query keys of the content area: one place so mutations and live messages agree. */
export const contentKeys = {
  all: ['content'] as const,
  groups: ['content', 'groups'] as const,
  group: (id: number) => ['content', 'group', id] as const,
  article: (id: number) => ['content', 'article', id] as const,
  newArticle: (groupId: number) => ['content', 'new-article', groupId] as const,
  kmCampaigns: ['content', 'km-campaigns'] as const,
  articleBuilderCategories: ['content', 'article-builder-categories'] as const,
};
