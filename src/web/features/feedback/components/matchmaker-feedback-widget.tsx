import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { FeedbackRequest } from '../../../../shared/feedback';
import {
  FEEDBACK_DATE_PARAM,
  FEEDBACK_REQUEST_PARAM,
  feedbackDaysLeftText,
  MATCHMAKER_FEEDBACK_WIDGET_KEY,
} from '../../../../shared/feedback-widget';
import { MESSAGES } from '../../../../shared/messages';
import { ROUTES } from '../../../../shared/routes';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { CloseIcon } from '../../../components/ui/icons';
import { AppLink } from '../../../lib/app-link';
import { useNow } from '../../../lib/use-now';
import { useOpenedOnce } from '../../../lib/use-opened-once';
import { feedbackRequestsQueryOptions, useRefreshFeedbackRequests } from '../api/matchmaker-feedback';

/**
 * Issue 31: the modal (its form: react-hook-form, the resolver, the star ratings) loads once the
 * client opens it, not with every client page: the widget sits above all of them.
 */
const MatchmakerFeedbackModal = lazy(async () => ({
  default: (await import('./matchmaker-feedback-modal')).MatchmakerFeedbackModal,
}));

/** A date on the client's matches page, shown first with its feedback form (issue 26). */
const dateFeedbackPath = (matchId: string) =>
  `${ROUTES.matchAccepted}?${FEEDBACK_DATE_PARAM}=${encodeURIComponent(matchId)}`;

function readDismissed(): string[] {
  try {
    const value = JSON.parse(window.localStorage.getItem(MATCHMAKER_FEEDBACK_WIDGET_KEY) ?? '[]');
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * The client shell's pending matchmaker feedback widget (spec section 2): the newest pending
 * request with the days remaining (rounded up, not below 0), dismissible (remembered in this
 * browser under its own key), opening the feedback modal. The e-mail's link
 * (`?feedbackverzoek=<id>`) opens the modal for a periodic request directly; a request after a
 * date leads to that date's page, where its feedback form is (issue 26).
 */
export function MatchmakerFeedbackWidget() {
  const now = useNow(60_000);
  const requests = useQuery(feedbackRequestsQueryOptions);
  const refresh = useRefreshFeedbackRequests();
  const [searchParams, setSearchParams] = useSearchParams();
  const navigate = useNavigate();
  const [dismissed, setDismissed] = useState<string[]>(readDismissed);
  const [open, setOpen] = useState<FeedbackRequest | null>(null);
  // Once opened, the modal stays mounted (closed), as before: its <dialog> closes itself and gives
  // the focus back to what opened it.
  const modalWanted = useOpenedOnce(open !== null);

  const linked = searchParams.get(FEEDBACK_REQUEST_PARAM);
  useEffect(() => {
    if (!linked || !requests.data) return;
    const request = requests.data.find((r) => r.id === linked);
    // Issue 26: a request after a date opens that date's page (its feedback form), not the modal.
    if (request?.request_type === 'post_match' && request.match_id) {
      navigate(dateFeedbackPath(request.match_id), { replace: true });
      return;
    }
    if (request) setOpen(request);
    setSearchParams(
      (params) => {
        params.delete(FEEDBACK_REQUEST_PARAM);
        return params;
      },
      { replace: true },
    );
  }, [linked, requests.data, setSearchParams, navigate]);

  const close = useCallback(
    (submitted: boolean) => {
      setOpen(null);
      if (submitted) void refresh();
    },
    [refresh],
  );

  const request = requests.data?.find((r) => !dismissed.includes(r.id));

  function dismiss() {
    if (!request) return;
    const next = [...dismissed, request.id];
    setDismissed(next);
    try {
      window.localStorage.setItem(MATCHMAKER_FEEDBACK_WIDGET_KEY, JSON.stringify(next));
    } catch {
      // private mode: dismissed for this visit only
    }
  }

  const modal = modalWanted ? (
    <Suspense fallback={null}>
      <MatchmakerFeedbackModal request={open} onClose={close} />
    </Suspense>
  ) : null;
  if (requests.isError) {
    return (
      <Alert tone="warning" className="mb-6">
        {MESSAGES.feedbackRequestsFailed}
      </Alert>
    );
  }
  if (!request) return modal;
  const name = request.matchmaker.full_name ?? 'je matchmaker';

  return (
    <>
      <section
        aria-labelledby="matchmaker-feedback-widget-title"
        className="mb-6 flex items-start gap-3 rounded-xl border border-brand-200 bg-brand-50 px-4 py-3 text-sm text-stone-900"
      >
        <div className="min-w-0 flex-1">
          <h2 id="matchmaker-feedback-widget-title" className="font-semibold">
            Hoe vind je de begeleiding van {name}?
          </h2>
          <p className="mt-1 text-stone-800">
            {request.request_type === 'post_match'
              ? 'Je had onlangs een date. Vertel ons hoe je matchmaker je begeleidde.'
              : 'Vertel ons in twee minuten hoe de voorbije drie maanden gingen.'}{' '}
            Anoniem kan ook.{' '}
            <strong className="font-semibold">{feedbackDaysLeftText(request.expires_at, now)}</strong>
          </p>
          <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-2">
            <Button type="button" onClick={() => setOpen(request)}>
              Geef feedback
            </Button>
            {request.request_type === 'post_match' && request.match_id && (
              <AppLink
                to={dateFeedbackPath(request.match_id)}
                className="inline-flex min-h-10 items-center font-semibold text-brand-800 underline hover:text-brand-950"
              >
                Vertel hoe je date was
              </AppLink>
            )}
          </div>
        </div>
        <button
          type="button"
          onClick={dismiss}
          className="-mr-1 flex size-10 shrink-0 items-center justify-center rounded-lg text-stone-700 hover:bg-brand-100"
        >
          <CloseIcon className="size-5" />
          <span className="sr-only">Feedbackvraag over je matchmaker verbergen</span>
        </button>
      </section>
      {modal}
    </>
  );
}
