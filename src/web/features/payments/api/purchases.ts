import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { type Purchase, purchasesResponseSchema } from '../../../../shared/money';
import { api, dataOf } from '../../../lib/api';

const purchasesKey = ['me', 'purchases'] as const;

/** GET /api/me/purchases: the client's payments with their invoices and credit notes (issue 29). */
export const purchasesQueryOptions = queryOptions({
  queryKey: purchasesKey,
  queryFn: async ({ signal }): Promise<Purchase[]> =>
    purchasesResponseSchema.parse(
      await dataOf(api.GET('/api/me/purchases', { signal }), {
        fallbackMessage: 'Je aankopen konden niet geladen worden.',
      }),
    ).purchases,
});

/** The download address of one of the client's own invoices or credit notes. */
export const ownInvoicePdfUrl = (id: string) => `/api/me/invoices/${encodeURIComponent(id)}/pdf`;

/** POST /api/me/purchases/{id}/withdrawal: withdraw within 14 days; the list comes back updated. */
export function useWithdrawPurchase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      purchasesResponseSchema.parse(
        await dataOf(api.POST('/api/me/purchases/{id}/withdrawal', { params: { path: { id } } }), {
          fallbackMessage: 'Je herroeping kon niet verstuurd worden.',
        }),
      ).purchases,
    onSuccess: (purchases) => queryClient.setQueryData(purchasesKey, purchases),
  });
}
