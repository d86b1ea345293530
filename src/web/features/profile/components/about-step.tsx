import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { GENDER_LABELS, GENDERS } from '../../../../shared/domain';
import {
  aboutStepSchema,
  EDUCATION_LABELS,
  EDUCATIONS,
  LANGUAGE_LABELS,
  LANGUAGES,
  MAX_HEIGHT_CM,
  MIN_HEIGHT_CM,
  type ProfileResponse,
  provinceForPostcode,
} from '../../../../shared/profile';
import { SelectField, TextField } from '../../../components/ui/text-field';
import { useSaveProfileStep } from '../api/profile';
import { Choice, ChoiceGroup } from './choice-group';
import { StepFooter } from './step-footer';

/** Step 1, Over jou. The province follows from the postcode as it is typed. */
export function AboutStep({ data, onSaved }: { data: ProfileResponse; onSaved: () => void }) {
  const save = useSaveProfileStep('about');
  const { profile } = data;
  const form = useForm({
    resolver: zodResolver(aboutStepSchema),
    defaultValues: {
      birth_date: profile.birth_date ?? '',
      gender: profile.gender ?? undefined,
      town: profile.town ?? '',
      postcode: profile.postcode ?? '',
      height_cm: profile.height_cm ?? '',
      education: profile.education ?? undefined,
      profession: profile.profession ?? '',
      languages: profile.languages,
    },
  });
  const { errors } = form.formState;
  const postcode = Number(form.watch('postcode'));
  const province = postcode >= 1000 && postcode <= 9999 ? provinceForPostcode(postcode) : null;

  const onSubmit = form.handleSubmit((input) => save.mutate(input, { onSuccess: onSaved }));

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
      <TextField
        label="Geboortedatum"
        type="date"
        autoComplete="bday"
        hint="Je moet minstens 18 jaar zijn."
        error={errors.birth_date?.message}
        {...form.register('birth_date')}
      />
      <ChoiceGroup legend="Geslacht" error={errors.gender?.message} columns={3}>
        {GENDERS.map((gender) => (
          <Choice
            key={gender}
            type="radio"
            value={gender}
            label={GENDER_LABELS[gender]}
            {...form.register('gender')}
          />
        ))}
      </ChoiceGroup>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label="Postcode"
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={4}
          hint={province ? `Provincie: ${province}` : 'Een Belgische postcode, van 1000 tot 9999.'}
          error={errors.postcode?.message}
          {...form.register('postcode')}
        />
        <TextField
          label="Woonplaats"
          autoComplete="address-level2"
          error={errors.town?.message}
          {...form.register('town')}
        />
      </div>
      <TextField
        label="Lengte (in cm)"
        type="number"
        inputMode="numeric"
        min={MIN_HEIGHT_CM}
        max={MAX_HEIGHT_CM}
        error={errors.height_cm?.message}
        {...form.register('height_cm')}
      />
      <SelectField label="Opleiding" error={errors.education?.message} {...form.register('education')}>
        <option value="">Kies je opleiding</option>
        {EDUCATIONS.map((education) => (
          <option key={education} value={education}>
            {EDUCATION_LABELS[education]}
          </option>
        ))}
      </SelectField>
      <TextField
        label="Beroep"
        autoComplete="organization-title"
        error={errors.profession?.message}
        {...form.register('profession')}
      />
      <ChoiceGroup legend="Welke talen spreek je?" error={errors.languages?.message} columns={3}>
        {LANGUAGES.map((language) => (
          <Choice
            key={language}
            type="checkbox"
            value={language}
            label={LANGUAGE_LABELS[language]}
            {...form.register('languages')}
          />
        ))}
      </ChoiceGroup>
      <StepFooter error={save.error} isBusy={save.isPending} />
    </form>
  );
}
