import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import {
  CHILDREN_WISH_LABELS,
  CHILDREN_WISHES,
  DRINKING_LABELS,
  FREQUENCIES,
  INTERESTS,
  interestLabel,
  lifestyleStepSchema,
  type ProfileResponse,
  RELIGION_LABELS,
  RELIGIONS,
  SMOKING_LABELS,
} from '../../../../shared/profile';
import { SelectField } from '../../../components/ui/text-field';
import { useSaveProfileStep } from '../api/profile';
import { CheckboxField, Choice, ChoiceGroup } from './choice-group';
import { StepFooter } from './step-footer';

/** Step 3, Levensstijl en waarden, with the smoking and children dealbreakers. */
export function LifestyleStep({ data, onSaved }: { data: ProfileResponse; onSaved: () => void }) {
  const save = useSaveProfileStep('lifestyle');
  const { profile } = data;
  const form = useForm({
    resolver: zodResolver(lifestyleStepSchema),
    defaultValues: {
      smoking: profile.smoking ?? undefined,
      drinking: profile.drinking ?? undefined,
      has_children: profile.has_children ?? undefined,
      wants_children: profile.wants_children ?? undefined,
      religion: profile.religion ?? undefined,
      interests: profile.interests.filter((i): i is (typeof INTERESTS)[number] =>
        (INTERESTS as readonly string[]).includes(i),
      ),
      smoking_dealbreaker: profile.dealbreakers.includes('smoking'),
      children_dealbreaker: profile.dealbreakers.includes('children'),
    },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((input) => save.mutate(input, { onSuccess: onSaved }));

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
      <ChoiceGroup legend="Rook je?" error={errors.smoking?.message} columns={3}>
        {FREQUENCIES.map((value) => (
          <Choice
            key={value}
            type="radio"
            value={value}
            label={SMOKING_LABELS[value]}
            {...form.register('smoking')}
          />
        ))}
      </ChoiceGroup>
      <CheckboxField
        label="Roken is voor mij een dealbreaker"
        hint="Dan stellen we je niet voor aan iemand die (soms) rookt."
        {...form.register('smoking_dealbreaker')}
      />
      <ChoiceGroup legend="Drink je alcohol?" error={errors.drinking?.message} columns={3}>
        {FREQUENCIES.map((value) => (
          <Choice
            key={value}
            type="radio"
            value={value}
            label={DRINKING_LABELS[value]}
            {...form.register('drinking')}
          />
        ))}
      </ChoiceGroup>
      <Controller
        control={form.control}
        name="has_children"
        render={({ field }) => (
          <ChoiceGroup legend="Heb je kinderen?" error={errors.has_children?.message} columns={3}>
            {[
              { value: true, label: 'Ja' },
              { value: false, label: 'Nee' },
            ].map((option) => (
              <Choice
                key={option.label}
                type="radio"
                name={field.name}
                checked={field.value === option.value}
                onChange={() => field.onChange(option.value)}
                onBlur={field.onBlur}
                label={option.label}
              />
            ))}
          </ChoiceGroup>
        )}
      />
      <ChoiceGroup legend="Wil je (nog) kinderen?" error={errors.wants_children?.message} columns={3}>
        {CHILDREN_WISHES.map((value) => (
          <Choice
            key={value}
            type="radio"
            value={value}
            label={CHILDREN_WISH_LABELS[value]}
            {...form.register('wants_children')}
          />
        ))}
      </ChoiceGroup>
      <CheckboxField
        label="De kinderwens is voor mij een dealbreaker"
        hint="Dan stellen we je alleen voor aan iemand met een kinderwens die bij de jouwe past."
        {...form.register('children_dealbreaker')}
      />
      <SelectField
        label="Geloof of levensbeschouwing"
        error={errors.religion?.message}
        {...form.register('religion')}
      >
        <option value="">Kies wat bij je past</option>
        {RELIGIONS.map((religion) => (
          <option key={religion} value={religion}>
            {RELIGION_LABELS[religion]}
          </option>
        ))}
      </SelectField>
      <ChoiceGroup
        legend="Waar hou je van?"
        hint="Kies er zoveel je wilt."
        error={errors.interests?.message}
        columns={3}
      >
        {INTERESTS.map((interest) => (
          <Choice
            key={interest}
            type="checkbox"
            value={interest}
            label={interestLabel(interest)}
            {...form.register('interests')}
          />
        ))}
      </ChoiceGroup>
      <StepFooter error={save.error} isBusy={save.isPending} />
    </form>
  );
}
