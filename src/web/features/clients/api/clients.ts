import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { TraitKey } from '../../../../shared/traits';
import { type AddressQuery, type ApiQuery, addressQuery, api, dataOf } from '../../../lib/api';

const clientsKey = ['workspace-clients'] as const;

/** The client list's filters, sorting and page, as the page keeps them in its address. */
export type ClientListAddressQuery = AddressQuery<ApiQuery<'/api/matchmaker/clients'>>;

/** The filters a person sets, each a URL parameter the API takes as it is. */
export const CLIENT_LIST_FILTER_KEYS = [
  'scope',
  'q',
  'tier',
  'contract_status',
  'region',
  'age_min',
  'age_max',
  'paused',
  'open_proposal',
  'intake_pending',
  'sort',
  'page_size',
] as const satisfies readonly (keyof ClientListAddressQuery)[];

/**
 * The list's query from the page's address: its filters and, past the first, its page. The page and
 * the route's loader (which asks for the list beside the page's code) both read it here.
 */
export function clientListQueryFromAddress(params: URLSearchParams): ClientListAddressQuery {
  const query: ClientListAddressQuery = {};
  for (const key of CLIENT_LIST_FILTER_KEYS) {
    const value = params.get(key);
    if (value) query[key] = value;
  }
  const page = Math.max(1, Number(params.get('page')) || 1);
  if (page > 1) query.page = String(page);
  return query;
}

/** One page of the client list; the query is the page's own (filters live in the URL). */
export const clientListQueryOptions = (query: ClientListAddressQuery) =>
  queryOptions({
    queryKey: [...clientsKey, 'list', query],
    queryFn: ({ signal }) =>
      dataOf(api.GET('/api/matchmaker/clients', { params: { query: addressQuery(query) }, signal }), {
        fallbackMessage: 'De klantenlijst kon niet geladen worden.',
      }),
    placeholderData: keepPreviousData,
  });

/** A matchmaker takes on a paying client without a matchmaker. */
export function useClaimClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (clientId: string) =>
      dataOf(api.POST('/api/matchmaker/clients/{clientId}/claim', { params: { path: { clientId } } }), {
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
      dataOf(api.GET('/api/matchmaker/clients/{clientId}', { params: { path: { clientId } }, signal }), {
        fallbackMessage: 'Het dossier kon niet geladen worden.',
      }),
  });

export function useSaveClientNote(clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ noteId, body }: { noteId?: string; body: string }) =>
      dataOf(
        noteId
          ? api.PATCH('/api/matchmaker/clients/{clientId}/notes/{noteId}', {
              params: { path: { clientId, noteId } },
              body: { body },
            })
          : api.POST('/api/matchmaker/clients/{clientId}/notes', {
              params: { path: { clientId } },
              body: { body },
            }),
        { fallbackMessage: 'De notitie kon niet bewaard worden.' },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...clientsKey, 'file', clientId] }),
  });
}

/** The client's traits, their history and the notes they come from (the traits feature's endpoint). */
export const clientTraitsQueryOptions = (clientId: string) =>
  queryOptions({
    queryKey: [...clientsKey, 'traits', clientId],
    queryFn: ({ signal }) =>
      dataOf(
        api.GET('/api/matchmaker/clients/{clientId}/traits', { params: { path: { clientId } }, signal }),
        {
          fallbackMessage: 'De eigenschappen konden niet geladen worden.',
        },
      ),
    // While a tagging run is waiting, look again every few seconds.
    refetchInterval: (query) => (query.state.data?.tagging_pending ? 2_000 : false),
  });

export function useDecideTrait(clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ traitId, status }: { traitId: string; status: 'confirmed' | 'rejected' }) =>
      dataOf(
        api.PATCH('/api/matchmaker/clients/{clientId}/traits/{traitId}', {
          params: { path: { clientId, traitId } },
          body: { status },
        }),
        { fallbackMessage: 'Je keuze kon niet bewaard worden.' },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...clientsKey, 'traits', clientId] }),
  });
}

export function useAddTrait(clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { trait: TraitKey; evidence?: string }) =>
      dataOf(
        api.POST('/api/matchmaker/clients/{clientId}/traits', {
          params: { path: { clientId } },
          body: input,
        }),
        {
          fallbackMessage: 'De eigenschap kon niet toegevoegd worden.',
        },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...clientsKey, 'traits', clientId] }),
  });
}
