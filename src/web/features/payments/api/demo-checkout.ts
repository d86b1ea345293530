import { queryOptions, useMutation } from '@tanstack/react-query';
import { type DemoCheckout, demoCheckoutSchema, type PaymentMethod } from '../../../../shared/payments';
import { api, dataOf } from '../../../lib/api';
import { useResetOnPageRestore } from '../../../lib/use-reset-on-page-restore';

/** GET /api/demo-checkout/{id}: what the local test payment is for (local installs only). */
export const demoCheckoutQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['demo-checkout', id],
    queryFn: async ({ signal }): Promise<DemoCheckout> =>
      demoCheckoutSchema.parse(
        await dataOf(api.GET('/api/demo-checkout/{id}', { params: { path: { id } }, signal })),
      ),
    refetchOnWindowFocus: false,
  });

export type DemoCheckoutAction = 'pay' | 'cancel' | 'confirm' | 'decline';

/**
 * POST /api/demo-checkout/{id}/pay, /cancel or /bank: the server answers with where to go next
 * (/success after paying or the bank's confirmation, the products page after cancelling or the
 * bank's refusal) and the browser goes there.
 */
export function useDemoCheckoutAction(id: string) {
  const mutation = useMutation({
    mutationFn: ({
      action,
      method,
      confirms,
    }: {
      action: DemoCheckoutAction;
      method?: PaymentMethod;
      /** Issue 29: a payment the bank confirms later waits, unpaid, for the test bank. */
      confirms?: 'now' | 'later';
    }) => {
      const params = { path: { id } };
      if (action === 'pay')
        return dataOf(api.POST('/api/demo-checkout/{id}/pay', { params, body: { method, confirms } }));
      if (action === 'cancel') return dataOf(api.POST('/api/demo-checkout/{id}/cancel', { params }));
      return dataOf(
        api.POST('/api/demo-checkout/{id}/bank', {
          params,
          body: { outcome: action === 'confirm' ? 'confirmed' : 'declined' },
        }),
      );
    },
    onSuccess: ({ url }) => window.location.assign(url),
  });
  useResetOnPageRestore(mutation.reset);
  return mutation;
}
