import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { OutboxMessage } from '../../../../shared/outbox';
import { apiFetch } from '../../../lib/api';

const failedKey = ['admin', 'outbox', 'failed'] as const;

/** GET /api/outbox?status=failed: the e-mails that gave up (decision 007), newest first, without body. */
export const failedEmailsQueryOptions = queryOptions({
  queryKey: failedKey,
  queryFn: async ({ signal }) =>
    (
      await apiFetch<{ messages: OutboxMessage[] }>('/api/outbox?status=failed', {
        signal,
        fallbackMessage: 'De mislukte e-mails konden niet geladen worden.',
      })
    ).messages,
});

/**
 * POST /api/outbox/{id}/resend: the message goes back in the queue. The list is marked stale but
 * not reloaded at once, so the row stays and shows that it is queued again until the admin
 * refreshes or comes back.
 */
export function useResendEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      (
        await apiFetch<{ message: OutboxMessage }>(`/api/outbox/${encodeURIComponent(id)}/resend`, {
          method: 'POST',
          fallbackMessage: 'De e-mail kon niet opnieuw verstuurd worden.',
        })
      ).message,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: failedKey, refetchType: 'none' }),
  });
}
