import { queryOptions } from '@tanstack/react-query';
import { MESSAGES } from '../../../../shared/messages';
import { type CheckoutSession, checkoutSessionResponseSchema } from '../../../../shared/payments';
import { ApiError, api, dataOf } from '../../../lib/api';

/** A checkout session found for this client: paid (`isPaid`), or not yet with the server's word why. */
export interface CheckoutSessionLookup {
  session: CheckoutSession;
  isPaid: boolean;
  /** The bank refused it, or it expired: final, nothing was bought. */
  isDeclined: boolean;
  notice: string | undefined;
}

/** Only a lost connection or a server error may pass on a second try; a refusal or a bad answer not. */
function isWorthRetrying(failureCount: number, error: unknown): boolean {
  return error instanceof ApiError && (error.status === 0 || error.status >= 500) && failureCount < 2;
}

/**
 * GET /api/checkout-session?session_id=: the purchase to confirm on /success. Any answer without
 * a session (a 4xx, a 5xx, an unexpected shape) fails; the page then shows the spec's purchase
 * detail message. A session that is not paid yet comes back with success false and a notice.
 */
export const checkoutSessionQueryOptions = (sessionId: string) =>
  queryOptions({
    queryKey: ['checkout-session', sessionId],
    queryFn: async ({ signal }): Promise<CheckoutSessionLookup> => {
      const body = await dataOf(
        api.GET('/api/checkout-session', { params: { query: { session_id: sessionId } }, signal }),
        { fallbackMessage: MESSAGES.purchaseDetailFailed },
      );
      const parsed = checkoutSessionResponseSchema.safeParse(body);
      if (!parsed.success || !parsed.data.session) throw new Error(MESSAGES.purchaseDetailFailed);
      return {
        session: parsed.data.session,
        isPaid: parsed.data.success,
        isDeclined: parsed.data.code === 'PAYMENT_DECLINED',
        notice: parsed.data.error,
      };
    },
    retry: isWorthRetrying,
    // A paid session does not change: fetch it once per visit. One still being confirmed (issue 29:
    // a payment method that confirms later) is looked at again every 5 seconds while the page is open.
    staleTime: Number.POSITIVE_INFINITY,
    // A declined or expired one is final.
    refetchInterval: (query) =>
      query.state.data && !query.state.data.isPaid && !query.state.data.isDeclined ? 5_000 : false,
    refetchOnWindowFocus: false,
  });
