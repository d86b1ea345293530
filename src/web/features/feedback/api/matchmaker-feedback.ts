import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { SubmitMatchmakerFeedbackInput } from '../../../../shared/feedback';
import { FALLBACK_MESSAGES, MESSAGES } from '../../../../shared/messages';
import { api, dataOf } from '../../../lib/api';

export const feedbackRequestsQueryKey = ['feedback-requests', 'pending'] as const;
export const feedbackRequestsQueryOptions = queryOptions({
  queryKey: feedbackRequestsQueryKey,
  queryFn: async ({ signal }) =>
    (
      await dataOf(api.GET('/api/me/feedback-requests', { signal }), {
        fallbackMessage: MESSAGES.feedbackRequestsFailed,
      })
    ).requests,
});

export const staffMatchmakerFeedbackQueryOptions = queryOptions({
  queryKey: ['matchmaker-feedback', 'staff'] as const,
  queryFn: async ({ signal }) =>
    (
      await dataOf(api.GET('/api/matchmaker-feedback', { signal }), {
        fallbackMessage: FALLBACK_MESSAGES.fetchFeedback,
      })
    ).feedback,
});

/** The modal's submit; the requests list is refreshed when the modal closes (after 2 s). */
export function useSubmitMatchmakerFeedback() {
  return useMutation({
    mutationFn: (input: SubmitMatchmakerFeedbackInput) =>
      dataOf(api.POST('/api/matchmaker-feedback', { body: input }), {
        fallbackMessage: MESSAGES.matchmakerFeedbackFailed,
      }),
  });
}

export function useRefreshFeedbackRequests() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: feedbackRequestsQueryKey });
}
