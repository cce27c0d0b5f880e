/**
 * The app's TanStack Query client. A failed query or mutation is shown as a red message (ordering §8)
 * unless its `meta.silentError` is set (the screen shows the error itself, or the call is optional).
 * 4xx answers are not retried; a lost network is retried once.
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

function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
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
