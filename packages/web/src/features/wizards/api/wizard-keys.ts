/** TanStack Query keys of the wizards area: one place so mutations and live messages agree. */
export const wizardKeys = {
  all: ['xwizards'] as const,
  list: ['xwizards', 'list'] as const,
  wizard: (id: number) => ['xwizards', 'wizard', id] as const,
};
