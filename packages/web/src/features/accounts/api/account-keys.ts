import type { AccountListQuery } from '@linkloom/shared';

/** TanStack Query keys of the accounts area: mutations and live messages refresh by profile. */
export const accountKeys = {
  all: ['accounts'] as const,
  profile: (profileId: number) => ['accounts', profileId] as const,
  page: (profileId: number, query: AccountListQuery) => ['accounts', profileId, query] as const,
};
