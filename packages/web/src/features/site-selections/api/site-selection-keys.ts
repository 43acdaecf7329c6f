/** TanStack Query keys of the site selections area: one place so mutations and live messages agree. */
export const siteSelectionKeys = {
  all: ['site-selections'] as const,
  list: ['site-selections', 'list'] as const,
  selection: (id: number) => ['site-selections', 'selection', id] as const,
};
