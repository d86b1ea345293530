import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { SubmitIntakeFeedbackInput } from '../../../../shared/intake';
import { FALLBACK_MESSAGES, MESSAGES } from '../../../../shared/messages';
import { api, dataOf } from '../../../lib/api';

export const pendingIntakeFeedbackQueryKey = ['intake-feedback', 'pending'] as const;
export const pendingIntakeFeedbackQueryOptions = queryOptions({
  queryKey: pendingIntakeFeedbackQueryKey,
  queryFn: async ({ signal }) =>
    (
      await dataOf(api.GET('/api/me/intake-feedback', { signal }), {
        fallbackMessage: FALLBACK_MESSAGES.fetchFeedback,
      })
    ).feedback,
});

export const intakeFeedbackQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['intake-feedback', 'one', id] as const,
    queryFn: async ({ signal }) =>
      (
        await dataOf(api.GET('/api/me/intake-feedback/{id}', { params: { path: { id } }, signal }), {
          fallbackMessage: MESSAGES.intakeDetailsFailed,
        })
      ).feedback,
  });

export const staffIntakeFeedbackQueryOptions = queryOptions({
  queryKey: ['intake-feedback', 'staff'] as const,
  queryFn: async ({ signal }) =>
    (
      await dataOf(api.GET('/api/intake-feedback', { signal }), {
        fallbackMessage: FALLBACK_MESSAGES.fetchFeedback,
      })
    ).feedback,
});

export function useSubmitIntakeFeedback(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SubmitIntakeFeedbackInput) =>
      dataOf(api.PATCH('/api/intake-feedback/{id}', { params: { path: { id } }, body: input }), {
        fallbackMessage: MESSAGES.matchmakerFeedbackFailed,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['intake-feedback'] }),
  });
}
