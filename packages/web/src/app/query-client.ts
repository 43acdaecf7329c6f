import { QueryClient, type Query } from '@tanstack/react-query';
import { HttpError } from '@/lib/http-error';

/**
 * Retries only calls that got no answer at all: a 4xx/5xx answer will not change by asking again
 * a moment later, and every failed attempt would raise another notification.
 */
function shouldRetry(failureCount: number, error: unknown): boolean {
  return error instanceof HttpError && error.status === null && failureCount < 2;
}

/** The app's query client. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry },
      mutations: { retry: false },
    },
  });
}

/** Queries keyed under 'public' (setup status, app info) do not belong to a user. */
function isUserData(query: Query): boolean {
  return query.queryKey[0] !== 'public';
}

/** Forgets every user's data on sign-out, so the next user never sees the previous one's. */
export function clearUserData(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: isUserData });
}
