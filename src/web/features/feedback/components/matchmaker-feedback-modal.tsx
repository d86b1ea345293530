import { type FormEvent, useEffect, useId, useState } from 'react';
import {
  ANONYMOUS_EXPLANATION,
  FEEDBACK_MODAL_CLOSE_MS,
  type FeedbackRequest,
  MATCHMAKER_FEEDBACK_SUCCESS,
  MATCHMAKER_RATINGS,
  MAX_MATCHMAKER_FEEDBACK_TEXT_LENGTH,
  type MatchmakerRatingKey,
} from '../../../../shared/feedback';
import { MESSAGES } from '../../../../shared/messages';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { TextAreaField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api';
import { useSubmitMatchmakerFeedback } from '../api/matchmaker-feedback';
import { StarRating } from './star-rating';

type Ratings = Record<MatchmakerRatingKey, number | null>;
const NO_RATINGS = Object.fromEntries(MATCHMAKER_RATINGS.map(({ key }) => [key, null])) as Ratings;
/** Overall satisfaction first: it is the one that is required. */
const RATING_ORDER = [
  ...MATCHMAKER_RATINGS.filter((r) => r.key === 'overall_satisfaction_rating'),
  ...MATCHMAKER_RATINGS.filter((r) => r.key !== 'overall_satisfaction_rating'),
];

/** A refusal the API explained (already given, expired, not your matchmaker), else the spec's text. */
function failureText(error: unknown): string {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return error.message;
  return MESSAGES.matchmakerFeedbackFailed;
}

/**
 * The matchmaker feedback modal (spec section 2): five star ratings (overall satisfaction
 * required, the submit button disabled without it), free text, improvement suggestions and the
 * anonymous option; after success 'Bedankt voor je feedback! …' and it closes 2 seconds later.
 */
export function MatchmakerFeedbackModal({
  request,
  onClose,
}: {
  request: FeedbackRequest | null;
  /** `submitted`: the request was answered (the widget refreshes its list). */
  onClose: (submitted: boolean) => void;
}) {
  const submit = useSubmitMatchmakerFeedback();
  const [ratings, setRatings] = useState<Ratings>(NO_RATINGS);
  const [feedbackText, setFeedbackText] = useState('');
  const [improvement, setImprovement] = useState('');
  const [isAnonymous, setIsAnonymous] = useState(false);
  const [overallError, setOverallError] = useState<string>();
  const anonymousId = useId();
  const matchmakerName = request?.matchmaker.full_name ?? 'je matchmaker';
  const { reset } = submit;

  // A fresh form for each request.
  useEffect(() => {
    if (!request) return;
    setRatings(NO_RATINGS);
    setFeedbackText('');
    setImprovement('');
    setIsAnonymous(false);
    setOverallError(undefined);
    reset();
  }, [request, reset]);

  // Spec section 9: the modal closes 2 seconds after success.
  useEffect(() => {
    if (!submit.isSuccess) return;
    const timer = setTimeout(() => onClose(true), FEEDBACK_MODAL_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [submit.isSuccess, onClose]);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!request) return;
    if (ratings.overall_satisfaction_rating === null) {
      setOverallError(MESSAGES.overallSatisfactionRequired);
      return;
    }
    try {
      await submit.mutateAsync({
        feedback_request_id: request.id,
        matchmaker_id: request.matchmaker_id,
        ...ratings,
        feedback_text: feedbackText,
        improvement_suggestions: improvement,
        is_anonymous: isAnonymous,
      });
    } catch {
      // shown below
    }
  }

  return (
    <Dialog
      isOpen={request !== null}
      onClose={() => onClose(submit.isSuccess)}
      title={`Feedback over ${matchmakerName}`}
      description="Hoe ging het de voorbije drie maanden? Alleen de algemene tevredenheid is verplicht."
    >
      {submit.isSuccess ? (
        <Alert tone="success">{MATCHMAKER_FEEDBACK_SUCCESS}</Alert>
      ) : (
        <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-5">
          {RATING_ORDER.map(({ key, label }) => (
            <StarRating
              key={key}
              label={label}
              value={ratings[key]}
              onChange={(value) => {
                setRatings((current) => ({ ...current, [key]: value }));
                if (key === 'overall_satisfaction_rating') setOverallError(undefined);
              }}
              required={key === 'overall_satisfaction_rating'}
              error={key === 'overall_satisfaction_rating' ? overallError : undefined}
            />
          ))}
          <TextAreaField
            label="Je feedback (optioneel)"
            rows={3}
            maxLength={MAX_MATCHMAKER_FEEDBACK_TEXT_LENGTH}
            value={feedbackText}
            onChange={(event) => setFeedbackText(event.target.value)}
          />
          <TextAreaField
            label="Suggesties om te verbeteren (optioneel)"
            rows={3}
            maxLength={MAX_MATCHMAKER_FEEDBACK_TEXT_LENGTH}
            value={improvement}
            onChange={(event) => setImprovement(event.target.value)}
          />
          <div>
            <label
              htmlFor={anonymousId}
              className="flex cursor-pointer items-start gap-3 text-sm text-stone-800"
            >
              <input
                id={anonymousId}
                type="checkbox"
                checked={isAnonymous}
                onChange={(event) => setIsAnonymous(event.target.checked)}
                aria-describedby={`${anonymousId}-uitleg`}
                className="mt-0.5 size-5 shrink-0 accent-brand-700"
              />
              <span className="font-semibold">Anoniem versturen</span>
            </label>
            <p id={`${anonymousId}-uitleg`} className="mt-1 ml-8 text-sm text-stone-700">
              {ANONYMOUS_EXPLANATION}
            </p>
          </div>
          {submit.isError && <Alert>{failureText(submit.error)}</Alert>}
          <div>
            <Button
              type="submit"
              disabled={ratings.overall_satisfaction_rating === null}
              isBusy={submit.isPending}
            >
              Feedback versturen
            </Button>
            {ratings.overall_satisfaction_rating === null && (
              <p className="mt-2 text-sm text-stone-700">Kies eerst je algemene tevredenheid.</p>
            )}
          </div>
        </form>
      )}
    </Dialog>
  );
}
