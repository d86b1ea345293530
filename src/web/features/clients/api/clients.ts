import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ClientFile, ClientListResponse } from '../../../../shared/clients';
import type { ClientTraitsResponse, TraitKey } from '../../../../shared/traits';
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

/** A client's file (their matchmaker and admins). */
export const clientFileQueryOptions = (clientId: string) =>
  queryOptions({
    queryKey: [...clientsKey, 'file', clientId],
    queryFn: ({ signal }) =>
      apiFetch<ClientFile>(`/api/matchmaker/clients/${encodeURIComponent(clientId)}`, {
        signal,
        fallbackMessage: 'Het dossier kon niet geladen worden.',
      }),
  });

export function useSaveClientNote(clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ noteId, body }: { noteId?: string; body: string }) =>
      apiFetch<{ id: string }>(
        `/api/matchmaker/clients/${encodeURIComponent(clientId)}/notes${noteId ? `/${encodeURIComponent(noteId)}` : ''}`,
        {
          method: noteId ? 'PATCH' : 'POST',
          json: { body },
          fallbackMessage: 'De notitie kon niet bewaard worden.',
        },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...clientsKey, 'file', clientId] }),
  });
}

/** The client's traits, their history and the notes they come from (the traits feature's endpoint). */
export const clientTraitsQueryOptions = (clientId: string) =>
  queryOptions({
    queryKey: [...clientsKey, 'traits', clientId],
    queryFn: ({ signal }) =>
      apiFetch<ClientTraitsResponse>(`/api/matchmaker/clients/${encodeURIComponent(clientId)}/traits`, {
        signal,
        fallbackMessage: 'De eigenschappen konden niet geladen worden.',
      }),
    // While a tagging run is waiting, look again every few seconds.
    refetchInterval: (query) => (query.state.data?.tagging_pending ? 2_000 : false),
  });

export function useDecideTrait(clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ traitId, status }: { traitId: string; status: 'confirmed' | 'rejected' }) =>
      apiFetch<{ id: string }>(
        `/api/matchmaker/clients/${encodeURIComponent(clientId)}/traits/${encodeURIComponent(traitId)}`,
        { method: 'PATCH', json: { status }, fallbackMessage: 'Je keuze kon niet bewaard worden.' },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...clientsKey, 'traits', clientId] }),
  });
}

export function useAddTrait(clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { trait: TraitKey; evidence?: string }) =>
      apiFetch<{ id: string }>(`/api/matchmaker/clients/${encodeURIComponent(clientId)}/traits`, {
        method: 'POST',
        json: input,
        fallbackMessage: 'De eigenschap kon niet toegevoegd worden.',
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...clientsKey, 'traits', clientId] }),
  });
}
