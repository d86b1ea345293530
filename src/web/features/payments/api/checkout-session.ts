import { queryOptions } from '@tanstack/react-query';
import { MESSAGES } from '../../../../shared/messages';
import { type CheckoutSession, checkoutSessionResponseSchema } from '../../../../shared/payments';
import { ApiError, apiFetch } from '../../../lib/api';

/** Only a lost connection or a server error may pass on a second try; a refusal or a bad answer not. */
function isWorthRetrying(failureCount: number, error: unknown): boolean {
  return error instanceof ApiError && (error.status === 0 || error.status >= 500) && failureCount < 2;
}

/**
 * GET /api/checkout-session?session_id=: the purchase to confirm on /success. Any answer without
 * a session (success false, a 4xx, an unexpected shape) fails; the page then shows the spec's
 * purchase detail message.
 */
export const checkoutSessionQueryOptions = (sessionId: string) =>
  queryOptions({
    queryKey: ['checkout-session', sessionId],
    queryFn: async ({ signal }): Promise<CheckoutSession> => {
      const body = await apiFetch<unknown>(
        `/api/checkout-session?session_id=${encodeURIComponent(sessionId)}`,
        { signal, fallbackMessage: MESSAGES.purchaseDetailFailed },
      );
      const parsed = checkoutSessionResponseSchema.safeParse(body);
      if (!parsed.success || !parsed.data.success || !parsed.data.session) {
        throw new Error(MESSAGES.purchaseDetailFailed);
      }
      return parsed.data.session;
    },
    retry: isWorthRetrying,
    // A checkout session does not change once paid: fetch it once per visit.
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
