import { useMutation } from '@tanstack/react-query';
import type { CreateCheckoutSessionInput } from '../../../../shared/payments';
import { type ApiBody, api, dataOf } from '../../../lib/api';
import { useResetOnPageRestore } from '../../../lib/use-reset-on-page-restore';

/**
 * POST /api/checkout-sessions: the server opens a checkout for the tier and answers with the
 * payment page's address, where the browser goes next. The mutation stays successful while the
 * browser leaves, so the button stays busy until the payment page shows.
 */
export function useStartCheckout() {
  const mutation = useMutation({
    mutationFn: (input: CreateCheckoutSessionInput) =>
      // The document lists the paid tiers only; src/shared types PAID_TIERS as any tier.
      dataOf(
        api.POST('/api/checkout-sessions', { body: input as ApiBody<'/api/checkout-sessions', 'post'> }),
      ),
    onSuccess: ({ url }) => window.location.assign(url),
  });
  useResetOnPageRestore(mutation.reset);
  return mutation;
}
