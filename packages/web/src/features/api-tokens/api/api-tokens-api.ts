import { useQuery } from '@tanstack/react-query';
import { ApiTokenListResponseSchema, CreateApiTokenResponseSchema, RevokeApiTokenResponseSchema } from '@linkloom/shared';
import { del, get, post } from '@/lib/http';
import { useInvalidatingMutation } from '@/lib/use-invalidating-mutation';

/** TanStack Query keys of the API tokens screen. */
export const apiTokenKeys = {
  all: ['api-tokens'] as const,
  list: ['api-tokens', 'list'] as const,
};

/** GET /rest/api_tokens: the user's tokens, newest first. */
export function useApiTokens() {
  return useQuery({
    queryKey: apiTokenKeys.list,
    queryFn: ({ signal }) => get('/rest/api_tokens', { schema: ApiTokenListResponseSchema, signal }),
  });
}

/** POST /rest/api_tokens {name} → the token and its secret (shown this once). */
export function useCreateApiToken() {
  return useInvalidatingMutation(apiTokenKeys.all, (name: string) => post('/rest/api_tokens', { body: { name }, schema: CreateApiTokenResponseSchema }));
}

/** DELETE /rest/api_tokens/{id}: calls with that token are refused from now on. */
export function useRevokeApiToken() {
  return useInvalidatingMutation(apiTokenKeys.all, (id: number) => del(`/rest/api_tokens/${id}`, { schema: RevokeApiTokenResponseSchema }));
}
