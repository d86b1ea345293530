import { queryOptions, useMutation } from '@tanstack/react-query';
import { type DemoCheckout, demoCheckoutSchema } from '../../../../shared/payments';
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

export type DemoCheckoutAction = 'pay' | 'cancel';

/**
 * POST /api/demo-checkout/{id}/pay or /cancel: the server answers with where to go next (/success
 * after paying, the products page after cancelling) and the browser goes there.
 */
export function useDemoCheckoutAction(id: string) {
  const mutation = useMutation({
    mutationFn: (action: DemoCheckoutAction) =>
      dataOf(
        action === 'pay'
          ? api.POST('/api/demo-checkout/{id}/pay', { params: { path: { id } } })
          : api.POST('/api/demo-checkout/{id}/cancel', { params: { path: { id } } }),
      ),
    onSuccess: ({ url }) => window.location.assign(url),
  });
  useResetOnPageRestore(mutation.reset);
  return mutation;
}
