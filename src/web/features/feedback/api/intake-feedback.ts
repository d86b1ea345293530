import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  IntakeFeedback,
  StaffIntakeFeedback,
  SubmitIntakeFeedbackInput,
} from '../../../../shared/intake';
import { FALLBACK_MESSAGES, MESSAGES } from '../../../../shared/messages';
import { apiFetch } from '../../../lib/api';

export const pendingIntakeFeedbackQueryKey = ['intake-feedback', 'pending'] as const;
export const pendingIntakeFeedbackQueryOptions = queryOptions({
  queryKey: pendingIntakeFeedbackQueryKey,
  queryFn: async ({ signal }) =>
    (
      await apiFetch<{ feedback: IntakeFeedback[] }>('/api/me/intake-feedback', {
        signal,
        fallbackMessage: FALLBACK_MESSAGES.fetchFeedback,
      })
    ).feedback,
});

export const intakeFeedbackQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['intake-feedback', 'one', id] as const,
    queryFn: async ({ signal }) =>
      (
        await apiFetch<{ feedback: IntakeFeedback }>(`/api/me/intake-feedback/${encodeURIComponent(id)}`, {
          signal,
          fallbackMessage: MESSAGES.intakeDetailsFailed,
        })
      ).feedback,
  });

export const staffIntakeFeedbackQueryOptions = queryOptions({
  queryKey: ['intake-feedback', 'staff'] as const,
  queryFn: async ({ signal }) =>
    (
      await apiFetch<{ feedback: StaffIntakeFeedback[] }>('/api/intake-feedback', {
        signal,
        fallbackMessage: FALLBACK_MESSAGES.fetchFeedback,
      })
    ).feedback,
});

export function useSubmitIntakeFeedback(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SubmitIntakeFeedbackInput) =>
      apiFetch<{ feedback: IntakeFeedback }>(`/api/intake-feedback/${encodeURIComponent(id)}`, {
        method: 'PATCH',
        json: input,
        fallbackMessage: MESSAGES.matchmakerFeedbackFailed,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['intake-feedback'] }),
  });
}
