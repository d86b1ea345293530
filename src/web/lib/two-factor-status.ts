import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, dataOf } from './api';

/**
 * Issue 17: the signed-in account's two-factor status. The route guard (RequireRole) reads it to
 * lead staff who must set it up to the setup page; the two-factor feature's pages read it too.
 */
export const twoFactorStatusQueryKey = ['two-factor-status'] as const;

export const twoFactorStatusQueryOptions = queryOptions({
  queryKey: twoFactorStatusQueryKey,
  queryFn: async ({ signal }) => (await dataOf(api.GET('/api/me/two-factor', { signal }))).two_factor,
  staleTime: 30_000,
  retry: 1,
});

export function useTwoFactorStatus(enabled = true) {
  return useQuery({ ...twoFactorStatusQueryOptions, enabled });
}
