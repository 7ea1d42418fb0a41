import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-error.ts';

/**
 * The one TanStack Query client. Business errors are answers, not glitches: they are not retried.
 * A dropped connection or a timeout is retried once.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      retry: (failureCount, error) =>
        failureCount < 1 && error instanceof ApiError && (error.kind === 'network' || error.kind === 'timeout'),
    },
    mutations: { retry: false },
  },
});
