import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { createMatchFeedbackSchema, MAX_NOTE_LENGTH } from '../../../../shared/matches';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextAreaField } from '../../../components/ui/text-field';
import { errorMessage } from '../../../lib/api';
import { useCreateMatchFeedback } from '../api/my-matches';

const RATINGS = [1, 2, 3, 4, 5] as const;
const RATING_LABELS: Record<(typeof RATINGS)[number], string> = {
  1: 'Helemaal niet',
  2: 'Niet echt',
  3: 'Gaat wel',
  4: 'Goed',
  5: 'Heel goed',
};

const radioClasses =
  'flex min-h-11 cursor-pointer items-center gap-2 rounded-xl border border-stone-300 px-3 py-2 text-sm ' +
  'has-checked:border-brand-700 has-checked:bg-brand-50 has-focus-visible:outline-2 has-focus-visible:outline-brand-700';

/** The client's feedback after a completed date: a 1-5 rating, meeting again, and free text. */
export function MatchFeedbackForm({ matchId, otherFirstName }: { matchId: string; otherFirstName: string }) {
  const create = useCreateMatchFeedback(matchId);
  const form = useForm({
    resolver: zodResolver(createMatchFeedbackSchema),
    defaultValues: { rating: undefined, would_meet_again: undefined, feedback_text: '' },
  });
  const { errors } = form.formState;
  // A missing score or answer share one message (the shared schema's), shown once.
  const choiceError = errors.rating?.message ?? errors.would_meet_again?.message;

  const onSubmit = form.handleSubmit((input) => {
    create.mutate({ ...input, feedback_text: input.feedback_text || undefined });
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
      <fieldset>
        <legend className="mb-2 text-sm font-semibold text-stone-800">
          Hoe was je date met {otherFirstName}?
        </legend>
        <Controller
          control={form.control}
          name="rating"
          render={({ field }) => (
            <div className="grid grid-cols-2 gap-2 sm:grid-cols-5">
              {RATINGS.map((value) => (
                <label key={value} className={radioClasses}>
                  <input
                    type="radio"
                    name={`rating-${matchId}`}
                    value={value}
                    checked={field.value === value}
                    onChange={() => field.onChange(value)}
                    onBlur={field.onBlur}
                    className="accent-brand-700"
                  />
                  <span>
                    {value} · {RATING_LABELS[value]}
                  </span>
                </label>
              ))}
            </div>
          )}
        />
      </fieldset>
      <fieldset>
        <legend className="mb-2 text-sm font-semibold text-stone-800">
          Wil je {otherFirstName} nog eens terugzien?
        </legend>
        <Controller
          control={form.control}
          name="would_meet_again"
          render={({ field }) => (
            <div className="flex flex-wrap gap-2">
              {[
                { value: true, label: 'Ja, graag' },
                { value: false, label: 'Liever niet' },
              ].map((option) => (
                <label key={option.label} className={radioClasses}>
                  <input
                    type="radio"
                    name={`meet-again-${matchId}`}
                    checked={field.value === option.value}
                    onChange={() => field.onChange(option.value)}
                    onBlur={field.onBlur}
                    className="accent-brand-700"
                  />
                  <span>{option.label}</span>
                </label>
              ))}
            </div>
          )}
        />
      </fieldset>
      <TextAreaField
        label="Wil je nog iets kwijt? (optioneel)"
        hint="Je matchmaker leest je feedback, de andere persoon niet."
        maxLength={MAX_NOTE_LENGTH}
        error={errors.feedback_text?.message}
        {...form.register('feedback_text')}
      />
      <div>
        {choiceError && <Alert>{choiceError}</Alert>}
        {create.isError && <Alert>{errorMessage(create.error)}</Alert>}
      </div>
      <Button type="submit" isBusy={create.isPending} className="self-start">
        Feedback versturen
      </Button>
    </form>
  );
}
