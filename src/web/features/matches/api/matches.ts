import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MatchStatus } from '../../../../shared/domain';
import type { CreateFollowUpInput, CreateMatchInput, MatchOutcomeInput } from '../../../../shared/matches';
import { FALLBACK_MESSAGES } from '../../../../shared/messages';
import { api, dataOf } from '../../../lib/api';

/** Everything about matches that staff read; invalidated as a whole after any change. */
const staffMatchesKey = ['staff-matches'] as const;

export const matchesQueryOptions = (status?: MatchStatus) =>
  queryOptions({
    queryKey: [...staffMatchesKey, 'list', status ?? 'all'],
    queryFn: async ({ signal }) => {
      const body = await dataOf(api.GET('/api/matches', { params: { query: { status } }, signal }), {
        fallbackMessage: FALLBACK_MESSAGES.fetchMatches,
      });
      return body.matches;
    },
    placeholderData: keepPreviousData,
  });

export const matchDetailQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...staffMatchesKey, 'detail', id],
    queryFn: ({ signal }) =>
      dataOf(api.GET('/api/matches/{id}', { params: { path: { id } }, signal }), {
        fallbackMessage: FALLBACK_MESSAGES.fetchMatches,
      }),
  });

export const matchFeedbackQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...staffMatchesKey, 'feedback', id],
    queryFn: async ({ signal }) => {
      const body = await dataOf(api.GET('/api/matches/{id}/feedback', { params: { path: { id } }, signal }), {
        fallbackMessage: FALLBACK_MESSAGES.fetchFeedback,
      });
      return body.feedback;
    },
  });

export const followUpsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...staffMatchesKey, 'follow-ups', id],
    queryFn: async ({ signal }) => {
      const body = await dataOf(
        api.GET('/api/matches/{id}/follow-ups', { params: { path: { id } }, signal }),
        {
          fallbackMessage: FALLBACK_MESSAGES.fetchFollowUps,
        },
      );
      return body.follow_ups;
    },
  });

/**
 * Issue 26: the eligibility rule's checks for two chosen clients (decision 026), before proposing;
 * read again after every change of matches (a new match makes the pair a duplicate).
 */
export function useEligibility(client1_id: string, client2_id: string) {
  return useQuery({
    queryKey: [...staffMatchesKey, 'eligibility', client1_id, client2_id],
    queryFn: ({ signal }) =>
      dataOf(api.GET('/api/matches/eligibility', { params: { query: { client1_id, client2_id } }, signal })),
    enabled: Boolean(client1_id && client2_id && client1_id !== client2_id),
  });
}

/** Clients by name for the "new match" dialog; runs from 2 letters on. */
export function useClientSearch(search: string) {
  const q = search.trim();
  return useQuery({
    queryKey: ['client-search', q],
    queryFn: async ({ signal }) => {
      const body = await dataOf(api.GET('/api/clients', { params: { query: { q } }, signal }));
      return body.clients;
    },
    enabled: q.length >= 2,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
}

function useInvalidateStaffMatches() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: staffMatchesKey });
}

export function useCreateMatch() {
  const invalidate = useInvalidateStaffMatches();
  return useMutation({
    mutationFn: async (input: CreateMatchInput) => {
      const body = await dataOf(api.POST('/api/matches', { body: input }), {
        fallbackMessage: FALLBACK_MESSAGES.createMatch,
      });
      return body.match;
    },
    onSuccess: invalidate,
  });
}

export function useRecordOutcome(id: string) {
  const invalidate = useInvalidateStaffMatches();
  return useMutation({
    mutationFn: async (input: MatchOutcomeInput) => {
      const body = await dataOf(
        api.POST('/api/matches/{id}/outcome', { params: { path: { id } }, body: input }),
        {
          fallbackMessage: FALLBACK_MESSAGES.updateMatchOutcome,
        },
      );
      return body.match;
    },
    onSuccess: invalidate,
  });
}

export function useCreateFollowUp(id: string) {
  const invalidate = useInvalidateStaffMatches();
  return useMutation({
    mutationFn: async (input: CreateFollowUpInput) => {
      const body = await dataOf(
        api.POST('/api/matches/{id}/follow-ups', { params: { path: { id } }, body: input }),
        { fallbackMessage: FALLBACK_MESSAGES.updateMatch },
      );
      return body.follow_up;
    },
    onSuccess: invalidate,
  });
}
