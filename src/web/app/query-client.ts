import { QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api';
import { meQueryKey } from '../lib/me';

function isClientError(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500;
}

export const queryClient: QueryClient = new QueryClient({
  queryCache: new QueryCache({
    onError: (error, query) => {
      // A 401 from any other call means the session ended: let the guard find out.
      if (error instanceof ApiError && error.status === 401 && query.queryKey[0] !== meQueryKey[0]) {
        void queryClient.invalidateQueries({ queryKey: meQueryKey });
      }
    },
  }),
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      retry: (failureCount, error) => !isClientError(error) && failureCount < 2,
    },
    mutations: { retry: false },
  },
});
