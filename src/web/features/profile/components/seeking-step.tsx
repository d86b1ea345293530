import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { GENDER_LABELS, GENDERS } from '../../../../shared/domain';
import { formatDate } from '../../../../shared/format';
import { MESSAGES } from '../../../../shared/messages';
import {
  MAX_AGE,
  MAX_DISTANCE_KM,
  MIN_AGE,
  ORIENTATION_CONSENT_EXPLANATION,
  ORIENTATION_CONSENT_TEXT,
  type ProfileResponse,
  RELATIONSHIP_LABELS,
  RELATIONSHIPS,
  seekingStepSchema,
} from '../../../../shared/profile';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { SelectField, TextField } from '../../../components/ui/text-field';
import { errorMessage } from '../../../lib/api';
import { useSaveProfileStep, useWithdrawConsent } from '../api/profile';
import { CheckboxField, Choice, ChoiceGroup } from './choice-group';
import { StepFooter } from './step-footer';

/**
 * Step 2, Wie zoek je. Who you seek reveals orientation (GDPR art. 9): a separate, unticked consent
 * is asked before it is saved; once given it can be withdrawn here, which erases the answer.
 */
export function SeekingStep({ data, onSaved }: { data: ProfileResponse; onSaved: () => void }) {
  const save = useSaveProfileStep('seeking');
  const withdraw = useWithdrawConsent();
  const { profile } = data;
  const consent = profile.orientation_consent;
  const form = useForm({
    resolver: zodResolver(seekingStepSchema),
    defaultValues: {
      seeking_genders: profile.seeking_genders,
      age_min: profile.age_min ?? '',
      age_max: profile.age_max ?? '',
      max_distance_km: profile.max_distance_km ?? '',
      relationship_sought: profile.relationship_sought ?? undefined,
      distance_dealbreaker: profile.dealbreakers.includes('distance'),
      age_dealbreaker: profile.dealbreakers.includes('age'),
      orientation_consent: false,
    },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((input) => {
    if (!consent && !input.orientation_consent) {
      form.setError(
        'orientation_consent',
        { message: MESSAGES.orientationConsentRequired },
        { shouldFocus: true },
      );
      return;
    }
    save.mutate(input, { onSuccess: onSaved });
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
      <ChoiceGroup legend="Wie zoek je?" error={errors.seeking_genders?.message} columns={3}>
        {GENDERS.map((gender) => (
          <Choice
            key={gender}
            type="checkbox"
            value={gender}
            label={GENDER_LABELS[gender]}
            {...form.register('seeking_genders')}
          />
        ))}
      </ChoiceGroup>
      <div className="rounded-xl border border-stone-200 bg-stone-50 p-4">
        <h3 className="text-sm font-semibold text-stone-900">Waarom we hier apart toestemming vragen</h3>
        <p className="mt-1 text-sm text-stone-700">{ORIENTATION_CONSENT_EXPLANATION}</p>
        {consent ? (
          <div className="mt-3 flex flex-col gap-2">
            <p className="text-sm text-stone-800">Je gaf je toestemming op {formatDate(consent.given_at)}.</p>
            {withdraw.isError && <Alert>{errorMessage(withdraw.error)}</Alert>}
            <Button
              variant="secondary"
              className="self-start"
              isBusy={withdraw.isPending}
              onClick={() =>
                withdraw.mutate(undefined, { onSuccess: () => form.setValue('seeking_genders', []) })
              }
            >
              Toestemming intrekken en dit gegeven wissen
            </Button>
          </div>
        ) : (
          <div className="mt-3">
            <CheckboxField
              label={ORIENTATION_CONSENT_TEXT}
              error={errors.orientation_consent?.message}
              {...form.register('orientation_consent')}
            />
          </div>
        )}
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label="Vanaf welke leeftijd?"
          type="number"
          inputMode="numeric"
          min={MIN_AGE}
          max={MAX_AGE}
          error={errors.age_min?.message}
          {...form.register('age_min')}
        />
        <TextField
          label="Tot welke leeftijd?"
          type="number"
          inputMode="numeric"
          min={MIN_AGE}
          max={MAX_AGE}
          error={errors.age_max?.message}
          {...form.register('age_max')}
        />
      </div>
      <CheckboxField label="De leeftijd is voor mij een dealbreaker" {...form.register('age_dealbreaker')} />
      <TextField
        label="Hoe ver mag je partner wonen? (in km)"
        type="number"
        inputMode="numeric"
        min={1}
        max={MAX_DISTANCE_KM}
        error={errors.max_distance_km?.message}
        {...form.register('max_distance_km')}
      />
      <CheckboxField
        label="De afstand is voor mij een dealbreaker"
        {...form.register('distance_dealbreaker')}
      />
      <SelectField
        label="Wat voor relatie zoek je?"
        error={errors.relationship_sought?.message}
        {...form.register('relationship_sought')}
      >
        <option value="">Kies wat je zoekt</option>
        {RELATIONSHIPS.map((relationship) => (
          <option key={relationship} value={relationship}>
            {RELATIONSHIP_LABELS[relationship]}
          </option>
        ))}
      </SelectField>
      <StepFooter error={save.error} isBusy={save.isPending} />
    </form>
  );
}
