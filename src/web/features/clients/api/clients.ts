import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ClientListResponse } from '../../../../shared/clients';
import { apiFetch } from '../../../lib/api';

const clientsKey = ['workspace-clients'] as const;

/** One page of the client list; the query string is the page's own (filters live in the URL). */
export const clientListQueryOptions = (query: string) =>
  queryOptions({
    queryKey: [...clientsKey, 'list', query],
    queryFn: ({ signal }) =>
      apiFetch<ClientListResponse>(`/api/matchmaker/clients${query ? `?${query}` : ''}`, {
        signal,
        fallbackMessage: 'De klantenlijst kon niet geladen worden.',
      }),
    placeholderData: keepPreviousData,
  });

/** A matchmaker takes on a paying client without a matchmaker. */
export function useClaimClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (clientId: string) =>
      apiFetch<{ client_id: string }>(`/api/matchmaker/clients/${encodeURIComponent(clientId)}/claim`, {
        method: 'POST',
        fallbackMessage: 'De klant kon niet opgenomen worden.',
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: clientsKey }),
  });
}
