import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { formatDate } from '../../../../shared/format';
import {
  INTAKE_FEEDBACK_WIDGET_KEY,
  intakeFeedbackCountdown,
  isIntakeFeedbackOpen,
} from '../../../../shared/intake-rules';
import { ROUTES } from '../../../../shared/routes';
import { ButtonLink } from '../../../components/ui/button';
import { CloseIcon } from '../../../components/ui/icons';
import { useNow } from '../../../lib/use-now';
import { pendingIntakeFeedbackQueryOptions } from '../api/intake-feedback';

const feedbackPath = (id: string) => `${ROUTES.dashboard}/feedback/${id}`;

function readDismissed(): string[] {
  try {
    const value = JSON.parse(window.localStorage.getItem(INTAKE_FEEDBACK_WIDGET_KEY) ?? '[]');
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * The client shell's pending intake feedback widget (spec section 2): the newest pending request
 * with days, then hours left, then 'Deadline verstreken'; dismissing it is remembered in this
 * browser under its own key. Nothing while loading, on an error or without pending feedback.
 * Issue 26: the server lists only feedback it still takes; one whose due date passes while the page
 * is open shows 'Deadline verstreken' and that it is closed, without the button.
 */
export function IntakeFeedbackWidget() {
  const now = useNow(60_000);
  const pending = useQuery(pendingIntakeFeedbackQueryOptions);
  const { pathname } = useLocation();
  const [dismissed, setDismissed] = useState<string[]>(readDismissed);
  const feedback = pending.data?.find((f) => !dismissed.includes(f.id));
  // Not above its own form.
  if (!feedback || pathname === feedbackPath(feedback.id)) return null;

  function dismiss() {
    if (!feedback) return;
    const next = [...dismissed, feedback.id];
    setDismissed(next);
    try {
      window.localStorage.setItem(INTAKE_FEEDBACK_WIDGET_KEY, JSON.stringify(next));
    } catch {
      // private mode: dismissed for this visit only
    }
  }

  return (
    <section
      aria-labelledby="intake-feedback-widget-title"
      className="mb-6 flex items-start gap-3 rounded-xl border border-brand-200 bg-brand-50 px-4 py-3 text-sm text-stone-900"
    >
      <div className="min-w-0 flex-1">
        <h2 id="intake-feedback-widget-title" className="font-semibold">
          Hoe was je intakegesprek?
        </h2>
        <p className="mt-1 text-stone-800">
          {feedback.matchmaker?.full_name
            ? `Je gesprek met ${feedback.matchmaker.full_name}`
            : 'Je intakegesprek'}
          {feedback.session.scheduled_at ? ` van ${formatDate(feedback.session.scheduled_at)}` : ''}. Je
          feedback is anoniem voor je matchmaker.{' '}
          <strong className="font-semibold">{intakeFeedbackCountdown(feedback.due_at, now)}</strong>
        </p>
        {isIntakeFeedbackOpen(feedback.due_at, now) ? (
          <ButtonLink to={feedbackPath(feedback.id)} className="mt-2">
            Geef feedback
          </ButtonLink>
        ) : (
          <p className="mt-1 text-stone-800">De vragenlijst is gesloten.</p>
        )}
      </div>
      <button
        type="button"
        onClick={dismiss}
        className="-mr-1 flex size-10 shrink-0 items-center justify-center rounded-lg text-stone-700 hover:bg-brand-100"
      >
        <CloseIcon className="size-5" />
        <span className="sr-only">Feedbackvraag verbergen</span>
      </button>
    </section>
  );
}
