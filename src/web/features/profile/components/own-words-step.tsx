import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { FREE_TEXT_MAX, ownWordsStepSchema, type ProfileResponse } from '../../../../shared/profile';
import { TextAreaField } from '../../../components/ui/text-field';
import { useSaveProfileStep } from '../api/profile';
import { StepFooter } from './step-footer';

/** Step 4, In je eigen woorden: two free texts of at most 1000 characters. */
export function OwnWordsStep({ data, onSaved }: { data: ProfileResponse; onSaved: () => void }) {
  const save = useSaveProfileStep('own_words');
  const form = useForm({
    resolver: zodResolver(ownWordsStepSchema),
    defaultValues: { about_me: data.profile.about_me ?? '', looking_for: data.profile.looking_for ?? '' },
  });
  const { errors } = form.formState;
  const aboutLength = form.watch('about_me').length;
  const lookingLength = form.watch('looking_for').length;
  const onSubmit = form.handleSubmit((input) => save.mutate(input, { onSuccess: onSaved }));

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
      <TextAreaField
        label="Over mezelf"
        rows={6}
        maxLength={FREE_TEXT_MAX}
        hint={`Wat doe je graag, wat maakt jou jou? ${aboutLength}/${FREE_TEXT_MAX} tekens.`}
        error={errors.about_me?.message}
        {...form.register('about_me')}
      />
      <TextAreaField
        label="Wat ik zoek"
        rows={6}
        maxLength={FREE_TEXT_MAX}
        hint={`Hoe ziet een fijne partner of relatie er voor jou uit? ${lookingLength}/${FREE_TEXT_MAX} tekens.`}
        error={errors.looking_for?.message}
        {...form.register('looking_for')}
      />
      <StepFooter error={save.error} isBusy={save.isPending} />
    </form>
  );
}
