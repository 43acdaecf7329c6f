import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  AccountDeleteResponseSchema, AccountListResponseSchema, AccountUpsertResponseSchema,
  type AccountKey, type AccountListQuery, type AccountUpsertRequest,
} from '@linkloom/shared';
import { del, get, put } from '@/lib/http';
import { useInvalidatingMutation } from '@/lib/use-invalidating-mutation';
import { accountKeys } from './account-keys';
import { DONE_TEXTS } from '@/lib/action-feedback';

/** The query string of a grid request; empty filters are left out. */
export function accountListSearch(query: AccountListQuery): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

/** GET /rest/accounts/{profileId}: one page; the previous page stays shown while the next loads. */
export function useAccountPage(profileId: number, query: AccountListQuery) {
  return useQuery({
    queryKey: accountKeys.page(profileId, query),
    queryFn: ({ signal }) => get(`/rest/accounts/${profileId}${accountListSearch(query)}`, { schema: AccountListResponseSchema, signal, notFoundPage: true }),
    placeholderData: keepPreviousData,
  });
}

/** PUT /rest/account: add, or update the account with the same site and email. */
export function useSaveAccount(profileId: number) {
  return useInvalidatingMutation(
    accountKeys.profile(profileId),
    (body: AccountUpsertRequest) => put('/rest/account', { body, schema: AccountUpsertResponseSchema }),
  );
}

/** DELETE /rest/accounts/{profileId} with the identities of the selected accounts. */
export function useDeleteAccounts(profileId: number) {
  return useInvalidatingMutation(
    accountKeys.profile(profileId),
    (keys: AccountKey[]) => del(`/rest/accounts/${profileId}`, { body: keys, schema: AccountDeleteResponseSchema }),
    (_, keys) => DONE_TEXTS.deleted(keys.length, 'account'),
  );
}
