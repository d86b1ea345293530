import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useParams } from 'react-router';
import { formatDate, formatDateTime } from '../../../../shared/format';
import { MAX_FEEDBACK_TEXT_LENGTH, submitIntakeFeedbackSchema } from '../../../../shared/intake';
import { isIntakeFeedbackOpen } from '../../../../shared/intake-rules';
import { MESSAGES } from '../../../../shared/messages';
import { ROUTES } from '../../../../shared/routes';
import { Alert } from '../../../components/ui/alert';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ErrorText } from '../../../components/ui/error-text';
import { LoadError } from '../../../components/ui/load-error';
import { PageHeader } from '../../../components/ui/page-header';
import { ContentSpinner } from '../../../components/ui/spinner';
import { TextAreaField } from '../../../components/ui/text-field';
import { errorText } from '../../../lib/api';
import { useNow } from '../../../lib/use-now';
import { usePageTitle } from '../../../lib/use-page-title';
import { intakeFeedbackQueryOptions, useSubmitIntakeFeedback } from '../api/intake-feedback';
import { StarRating } from '../components/star-rating';

type RatingName = 'overall_satisfaction_rating' | 'professionalism_rating' | 'communication_rating';

/**
 * /dashboard/feedback/{feedbackId}: the intake feedback form (spec sections 2 and 5): overall
 * satisfaction required (the button stays disabled without it), the other ratings optional.
 */
export function FeedbackPage() {
  usePageTitle('Feedback op je intake');
  const { feedbackId = '' } = useParams();
  const feedback = useQuery(intakeFeedbackQueryOptions(feedbackId));
  const submit = useSubmitIntakeFeedback(feedbackId);
  const now = useNow(60_000);
  const form = useForm({
    resolver: zodResolver(submitIntakeFeedbackSchema),
    defaultValues: {
      overall_satisfaction_rating: null,
      professionalism_rating: null,
      communication_rating: null,
      improvement_feedback: '',
    },
  });
  const overall = useWatch({ control: form.control, name: 'overall_satisfaction_rating' });
  const onSubmit = form.handleSubmit((answer) => submit.mutate(answer));

  const stars = (name: RatingName, label: string) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState }) => (
        <StarRating
          label={label}
          value={field.value ?? null}
          onChange={field.onChange}
          required={name === 'overall_satisfaction_rating'}
          error={fieldState.error?.message}
        />
      )}
    />
  );

  return (
    <>
      <PageHeader title="Feedback op je intake" description={MESSAGES.intakeFeedbackAnonymous} />
      {feedback.isPending ? (
        <ContentSpinner label="Gesprek laden..." />
      ) : feedback.isError ? (
        <LoadError error={feedback.error} onRetry={() => void feedback.refetch()} />
      ) : submit.isSuccess || feedback.data.submitted_at ? (
        <Card>
          <Alert tone="success">
            {submit.isSuccess
              ? MESSAGES.intakeFeedbackSuccess
              : `Je gaf al feedback op ${formatDate(feedback.data.submitted_at!)}. Bedankt!`}
          </Alert>
          <ButtonLink to={ROUTES.dashboard} variant="secondary" className="mt-4">
            Naar je overzicht
          </ButtonLink>
        </Card>
      ) : !isIntakeFeedbackOpen(feedback.data.due_at, now) ? (
        // Issue 26: taken until the due date (7 days after the request), not after.
        <Card>
          <Alert tone="info">
            {MESSAGES.intakeFeedbackClosed} De vragenlijst sloot op {formatDateTime(feedback.data.due_at)}.
          </Alert>
          <ButtonLink to={ROUTES.dashboard} variant="secondary" className="mt-4">
            Naar je overzicht
          </ButtonLink>
        </Card>
      ) : (
        <Card>
          <p className="text-stone-700">
            {feedback.data.matchmaker?.full_name
              ? `Je gesprek met ${feedback.data.matchmaker.full_name}`
              : 'Je intakegesprek'}
            {feedback.data.session.scheduled_at
              ? ` op ${formatDateTime(feedback.data.session.scheduled_at)}`
              : ''}
            .
          </p>
          <form onSubmit={onSubmit} noValidate className="mt-4 flex flex-col gap-5">
            {stars('overall_satisfaction_rating', 'Algemene tevredenheid')}
            {stars('professionalism_rating', 'Professionaliteit')}
            {stars('communication_rating', 'Communicatie')}
            <TextAreaField
              label="Wat kunnen we beter doen? (optioneel)"
              rows={4}
              maxLength={MAX_FEEDBACK_TEXT_LENGTH}
              error={form.formState.errors.improvement_feedback?.message}
              {...form.register('improvement_feedback')}
            />
            {submit.isError && (
              <Alert>
                <ErrorText message={errorText(submit.error)} />
              </Alert>
            )}
            <div>
              <Button type="submit" disabled={overall == null} isBusy={submit.isPending}>
                Feedback versturen
              </Button>
              {overall == null && (
                <p className="mt-2 text-sm text-stone-700">Kies eerst je algemene tevredenheid.</p>
              )}
            </div>
          </form>
        </Card>
      )}
    </>
  );
}
