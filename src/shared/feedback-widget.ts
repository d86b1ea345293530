/**
 * The matchmaker feedback widget's key, count and link parameters, free of schemas: the web imports
 * them from here, so its pages do not load zod (decision 047). feedback.ts re-exports them.
 */

/** The browser key under which dismissed matchmaker feedback requests are remembered. */
export const MATCHMAKER_FEEDBACK_WIDGET_KEY = 'koppel.matchmaker-feedback-widget.dismissed';
/** The query parameter of the e-mail's link that opens the modal for a request. */
export const FEEDBACK_REQUEST_PARAM = 'feedbackverzoek';
/**
 * Issue 26: the query parameter of a link to one date (its match id) on the client's matches page,
 * where its feedback form is; a request after a date links there, not to the periodic modal.
 */
export const FEEDBACK_DATE_PARAM = 'datum';

/** The widget's count (spec section 9: days remaining until expires_at, rounded up, not below 0). */
export function feedbackDaysLeftText(expiresAt: string | Date, now: Date): string {
  const days = Math.max(0, Math.ceil((new Date(expiresAt).getTime() - now.getTime()) / 86_400_000));
  return days === 1 ? 'Nog 1 dag' : `Nog ${days} dagen`;
}
