import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, dataOf } from '../../../lib/api';

const failedKey = ['admin', 'outbox', 'failed'] as const;

/** GET /api/outbox?status=failed: the e-mails that gave up (decision 007), newest first, without body. */
export const failedEmailsQueryOptions = queryOptions({
  queryKey: failedKey,
  queryFn: async ({ signal }) =>
    (
      await dataOf(api.GET('/api/outbox', { params: { query: { status: 'failed' } }, signal }), {
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
        await dataOf(api.POST('/api/outbox/{id}/resend', { params: { path: { id } } }), {
          fallbackMessage: 'De e-mail kon niet opnieuw verstuurd worden.',
        })
      ).message,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: failedKey, refetchType: 'none' }),
  });
}
