import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  HideCandidateInput,
  MagicMatchOverview,
  MagicMatchResults,
  PackageDates,
  PickerClient,
} from '../../../../shared/magic-match';
import { apiFetch } from '../../../lib/api';

const key = ['magic-match'] as const;
const client = (id: string) => `/api/matchmaker/clients/${encodeURIComponent(id)}`;

export const pickerQueryOptions = (q: string) =>
  queryOptions({
    queryKey: [...key, 'picker', q],
    queryFn: async ({ signal }) => {
      const query = q.trim() ? `?q=${encodeURIComponent(q.trim())}` : '';
      return (
        await apiFetch<{ clients: PickerClient[] }>(`/api/matchmaker/magic-match/clients${query}`, { signal })
      ).clients;
    },
  });

export const overviewQueryOptions = (clientId: string) =>
  queryOptions({
    queryKey: [...key, 'overview', clientId],
    queryFn: ({ signal }) =>
      apiFetch<MagicMatchOverview>(`${client(clientId)}/magic-match/overview`, { signal }),
  });

export const resultsQueryOptions = (clientId: string, search: string) =>
  queryOptions({
    queryKey: [...key, 'results', clientId, search],
    queryFn: ({ signal }) =>
      apiFetch<MagicMatchResults>(`${client(clientId)}/magic-match${search ? `?${search}` : ''}`, { signal }),
  });

export function useHideCandidate(clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: HideCandidateInput) =>
      apiFetch<{ hidden: true }>(`${client(clientId)}/magic-match/hidden`, { method: 'POST', json: input }),
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
    queryFn: async ({ signal }) =>
      (await apiFetch<{ package_dates: PackageDates | null }>('/api/me/package-dates', { signal }))
        .package_dates,
  });

/** A client's package dates for staff (the client's file). */
export const clientPackageDatesQueryOptions = (clientId: string) =>
  queryOptions({
    queryKey: [...key, 'package-dates', clientId],
    queryFn: async ({ signal }) =>
      (
        await apiFetch<{ package_dates: PackageDates | null }>(`${client(clientId)}/package-dates`, {
          signal,
        })
      ).package_dates,
  });
