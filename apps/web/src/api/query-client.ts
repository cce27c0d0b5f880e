/**
 * The app's TanStack Query client. A failed query or mutation is shown as a red message (ordering §8)
 * unless its `meta.silentError` is set (the screen shows the error itself, or the call is optional).
 * Retries only what is safe to retry: a query (always a GET) whose request got no answer at all (a
 * lost network) is sent once more; an answer — 4xx or 5xx — is never asked again by itself (the
 * screen offers 'Try again'), and mutations are never retried.
 */
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { showApiError } from '../ui/messages';
import { ApiError } from './client';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { silentError?: boolean };
    mutationMeta: { silentError?: boolean };
  }
}

/** Retry policy of queries: once, and only when no answer arrived (ApiError status 0). */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  return error instanceof ApiError && error.status === 0 && failureCount < 1;
}

/** The single QueryClient of the app (cleared on logout). */
export const queryClient = new QueryClient({
  queryCache: new QueryCache({
    onError: (error, query) => {
      if (!query.meta?.silentError) showApiError(error);
    },
  }),
  mutationCache: new MutationCache({
    onError: (error, _vars, _ctx, mutation) => {
      if (!mutation.meta?.silentError) showApiError(error);
    },
  }),
  defaultOptions: {
    queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});
