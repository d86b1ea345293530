import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  CreateMatchFeedbackInput,
  DateMoveRequestInput,
  RespondToMatchInput,
} from '../../../../shared/matches';
import { FALLBACK_MESSAGES } from '../../../../shared/messages';
import { api, dataOf } from '../../../lib/api';
import { proposedMatchesQueryKey } from './proposed-matches';

export const myMatchesQueryKey = ['my-matches'] as const;

/** The client's matches after both accepted: accepted, scheduled and completed. */
export const myMatchesQueryOptions = queryOptions({
  queryKey: myMatchesQueryKey,
  queryFn: async ({ signal }) => {
    const body = await dataOf(api.GET('/api/me/matches', { signal }), {
      fallbackMessage: FALLBACK_MESSAGES.fetchMatches,
    });
    return body.matches;
  },
});

/** Accept or reject a proposal; afterwards both lists are fetched again (spec section 7). */
export function useRespondToMatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ match_id, ...input }: RespondToMatchInput & { match_id: string }) =>
      dataOf(api.POST('/api/matches/{id}/response', { params: { path: { id: match_id } }, body: input }), {
        fallbackMessage: FALLBACK_MESSAGES.submitMatchResponse,
      }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: proposedMatchesQueryKey }),
        queryClient.invalidateQueries({ queryKey: myMatchesQueryKey }),
      ]),
  });
}

export function useCreateMatchFeedback(match_id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateMatchFeedbackInput) =>
      dataOf(api.POST('/api/matches/{id}/feedback', { params: { path: { id: match_id } }, body: input }), {
        fallbackMessage: FALLBACK_MESSAGES.createFeedback,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: myMatchesQueryKey }),
  });
}

/** The other client's photos (decision 011: only while both said yes). */
export const otherPhotosQueryOptions = (clientId: string) =>
  queryOptions({
    queryKey: ['other-photos', clientId],
    queryFn: async ({ signal }) => {
      const body = await dataOf(
        api.GET('/api/profiles/{id}/photos', { params: { path: { id: clientId } }, signal }),
        {
          fallbackMessage: FALLBACK_MESSAGES.fetchMatches,
        },
      );
      return body.photos;
    },
  });

/** "Kan je niet?": ask the matchmaker to move the date. */
export function useRequestDateMove(match_id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DateMoveRequestInput) =>
      dataOf(
        api.POST('/api/me/matches/{id}/move-request', { params: { path: { id: match_id } }, body: input }),
        { fallbackMessage: FALLBACK_MESSAGES.submitMatchResponse },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: myMatchesQueryKey }),
  });
}

/** The download of a planned date for the client's calendar (a file, so a plain link). */
export const dateIcsUrl = (match_id: string) => `/api/me/matches/${encodeURIComponent(match_id)}/date.ics`;
