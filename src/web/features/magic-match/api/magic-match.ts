import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { HideCandidateInput } from '../../../../shared/magic-match';
import { type AddressQuery, type ApiQuery, addressQuery, api, dataOf } from '../../../lib/api';

const key = ['magic-match'] as const;

export const pickerQueryOptions = (q: string) =>
  queryOptions({
    queryKey: [...key, 'picker', q],
    queryFn: async ({ signal }) => {
      const query = { q: q.trim() || undefined };
      return (await dataOf(api.GET('/api/matchmaker/magic-match/clients', { params: { query }, signal })))
        .clients;
    },
  });

export const overviewQueryOptions = (clientId: string) =>
  queryOptions({
    queryKey: [...key, 'overview', clientId],
    queryFn: ({ signal }) =>
      dataOf(
        api.GET('/api/matchmaker/clients/{clientId}/magic-match/overview', {
          params: { path: { clientId } },
          signal,
        }),
      ),
  });

/** The adjustments of a search, as the results page keeps them in its address. */
export type MagicMatchAddressQuery = AddressQuery<ApiQuery<'/api/matchmaker/clients/{clientId}/magic-match'>>;

export const resultsQueryOptions = (clientId: string, query: MagicMatchAddressQuery) =>
  queryOptions({
    queryKey: [...key, 'results', clientId, query],
    queryFn: ({ signal }) =>
      dataOf(
        api.GET('/api/matchmaker/clients/{clientId}/magic-match', {
          params: { path: { clientId }, query: addressQuery(query) },
          signal,
        }),
      ),
  });

export function useHideCandidate(clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: HideCandidateInput) =>
      dataOf(
        api.POST('/api/matchmaker/clients/{clientId}/magic-match/hidden', {
          params: { path: { clientId } },
          body: input,
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...key, 'results', clientId] }),
  });
}

/** After a proposal the results and the picker change (the candidate and the client drop out). */
export function useInvalidateMagicMatch() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: key });
}

export const myPackageDatesQueryOptions = () =>
  queryOptions({
    queryKey: [...key, 'my-package-dates'],
    queryFn: async ({ signal }) => (await dataOf(api.GET('/api/me/package-dates', { signal }))).package_dates,
  });

/** A client's package dates for staff (the client's file). */
export const clientPackageDatesQueryOptions = (clientId: string) =>
  queryOptions({
    queryKey: [...key, 'package-dates', clientId],
    queryFn: async ({ signal }) =>
      (
        await dataOf(
          api.GET('/api/matchmaker/clients/{clientId}/package-dates', {
            params: { path: { clientId } },
            signal,
          }),
        )
      ).package_dates,
  });
