import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type AdminPayment,
  adminPaymentsResponseSchema,
  type CreateRefundInput,
  revenueResponseSchema,
} from '../../../../shared/money';
import { api, dataOf } from '../../../lib/api';

const paymentsKey = ['admin', 'payments'] as const;
const revenueKey = ['admin', 'revenue'] as const;

/** GET /api/admin/payments: every payment with its client, documents, refunds and withdrawal. */
export const adminPaymentsQueryOptions = queryOptions({
  queryKey: paymentsKey,
  queryFn: async ({ signal }): Promise<AdminPayment[]> =>
    adminPaymentsResponseSchema.parse(
      await dataOf(api.GET('/api/admin/payments', { signal }), {
        fallbackMessage: 'De betalingen konden niet geladen worden.',
      }),
    ).payments,
});

/** GET /api/admin/revenue: per month, invoiced, refunded and net. */
export const revenueQueryOptions = queryOptions({
  queryKey: revenueKey,
  queryFn: async ({ signal }) =>
    revenueResponseSchema.parse(
      await dataOf(api.GET('/api/admin/revenue', { signal }), {
        fallbackMessage: 'De omzet kon niet geladen worden.',
      }),
    ).months,
});

export const adminInvoicePdfUrl = (id: string) => `/api/admin/invoices/${encodeURIComponent(id)}/pdf`;
export const invoicesCsvUrl = (year: number, quarter: number) =>
  `/api/admin/invoices.csv?year=${year}&quarter=${quarter}`;

/** POST /api/admin/payments/{id}/refunds: the list comes back with the credit note; revenue follows. */
export function useRefundPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, ...body }: CreateRefundInput & { id: string }) =>
      adminPaymentsResponseSchema.parse(
        await dataOf(api.POST('/api/admin/payments/{id}/refunds', { params: { path: { id } }, body }), {
          fallbackMessage: 'De terugbetaling is niet gelukt.',
        }),
      ).payments,
    onSuccess: (payments) => {
      queryClient.setQueryData(paymentsKey, payments);
      void queryClient.invalidateQueries({ queryKey: revenueKey });
    },
  });
}
