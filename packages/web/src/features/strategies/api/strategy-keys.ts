/** TanStack Query keys of the diagrams area: one place so mutations and live messages agree. */
export const strategyKeys = {
  all: ['strategies'] as const,
  list: ['strategies', 'list'] as const,
  strategy: (id: number) => ['strategies', 'strategy', id] as const,
  /** The user's account profile names, offered by the inspector. */
  profileNames: ['strategies', 'profile-names'] as const,
};
