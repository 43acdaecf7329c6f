/** TanStack Query keys of the campaigns area: one place so mutations and live messages agree. */
export const campaignKeys = {
  all: ['campaigns'] as const,
  list: ['campaigns', 'list'] as const,
  detail: (id: number) => ['campaigns', 'detail', id] as const,
};
