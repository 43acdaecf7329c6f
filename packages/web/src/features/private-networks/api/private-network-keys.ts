/** TanStack Query keys of the private networks area: one place so mutations and live messages agree. */
export const privateNetworkKeys = {
  all: ['private-networks'] as const,
  list: ['private-networks', 'list'] as const,
  network: (id: number) => ['private-networks', 'network', id] as const,
  profiles: ['private-networks', 'profiles'] as const,
};
