import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import {
  ANONYMOUS_EXPLANATION,
  FEEDBACK_MODAL_CLOSE_MS,
  type FeedbackRequest,
  MATCHMAKER_FEEDBACK_SUCCESS,
  MATCHMAKER_RATINGS,
  MAX_MATCHMAKER_FEEDBACK_TEXT_LENGTH,
  type MatchmakerRatingKey,
  submitMatchmakerFeedbackSchema,
} from '../../../../shared/feedback';
import { MESSAGES } from '../../../../shared/messages';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { TextAreaField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api';
import { useSubmitMatchmakerFeedback } from '../api/matchmaker-feedback';
import { StarRating } from './star-rating';

const NO_RATINGS = Object.fromEntries(MATCHMAKER_RATINGS.map(({ key }) => [key, null])) as Record<
  MatchmakerRatingKey,
  null
>;
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

/** The modal's values as typed: a rating not chosen is null. */
type FeedbackFormValues = z.input<typeof submitMatchmakerFeedbackSchema>;

/** The answer to `request` before the client has chosen anything. */
function emptyAnswerTo(request: FeedbackRequest | null): FeedbackFormValues {
  return {
    feedback_request_id: request?.id ?? '',
    matchmaker_id: request?.matchmaker_id,
    ...NO_RATINGS,
    feedback_text: '',
    improvement_suggestions: '',
    is_anonymous: false,
  };
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
  const form = useForm({
    resolver: zodResolver(submitMatchmakerFeedbackSchema),
    defaultValues: emptyAnswerTo(request),
  });
  const { errors } = form.formState;
  const overall = useWatch({ control: form.control, name: 'overall_satisfaction_rating' });
  const anonymousId = useId();
  const matchmakerName = request?.matchmaker.full_name ?? 'je matchmaker';
  const { reset } = submit;
  const { reset: resetForm } = form;

  // A fresh form for each request.
  useEffect(() => {
    if (!request) return;
    resetForm(emptyAnswerTo(request));
    reset();
  }, [request, reset, resetForm]);

  // Spec section 9: the modal closes 2 seconds after success.
  useEffect(() => {
    if (!submit.isSuccess) return;
    const timer = setTimeout(() => onClose(true), FEEDBACK_MODAL_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [submit.isSuccess, onClose]);

  const onSubmit = form.handleSubmit((answer) => submit.mutate(answer));

  return (
    <Dialog
      isOpen={request !== null}
      onClose={() => onClose(submit.isSuccess)}
      title={`Feedback over ${matchmakerName}`}
      description={
        request?.request_type === 'post_match'
          ? `Hoe begeleidde ${matchmakerName} je bij je recente date? Alleen de algemene tevredenheid is verplicht.`
          : 'Hoe ging het de voorbije drie maanden? Alleen de algemene tevredenheid is verplicht.'
      }
    >
      {submit.isSuccess ? (
        <Alert tone="success">{MATCHMAKER_FEEDBACK_SUCCESS}</Alert>
      ) : (
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
          {RATING_ORDER.map(({ key, label }) => (
            <Controller
              key={key}
              control={form.control}
              name={key}
              render={({ field, fieldState }) => (
                <StarRating
                  label={label}
                  value={field.value ?? null}
                  onChange={field.onChange}
                  required={key === 'overall_satisfaction_rating'}
                  error={fieldState.error?.message}
                />
              )}
            />
          ))}
          <TextAreaField
            label="Je feedback (optioneel)"
            rows={3}
            maxLength={MAX_MATCHMAKER_FEEDBACK_TEXT_LENGTH}
            error={errors.feedback_text?.message}
            {...form.register('feedback_text')}
          />
          <TextAreaField
            label="Suggesties om te verbeteren (optioneel)"
            rows={3}
            maxLength={MAX_MATCHMAKER_FEEDBACK_TEXT_LENGTH}
            error={errors.improvement_suggestions?.message}
            {...form.register('improvement_suggestions')}
          />
          <div>
            <label
              htmlFor={anonymousId}
              className="flex cursor-pointer items-start gap-3 text-sm text-stone-800"
            >
              <input
                id={anonymousId}
                type="checkbox"
                {...form.register('is_anonymous')}
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
            <Button type="submit" disabled={overall == null} isBusy={submit.isPending}>
              Feedback versturen
            </Button>
            {overall == null && (
              <p className="mt-2 text-sm text-stone-700">Kies eerst je algemene tevredenheid.</p>
            )}
          </div>
        </form>
      )}
    </Dialog>
  );
}
