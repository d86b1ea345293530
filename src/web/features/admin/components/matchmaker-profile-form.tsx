import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import {
  MAX_ABOUT_ME_LENGTH,
  MAX_BIO_LENGTH,
  MAX_SPECIALTIES,
  type StaffMember,
} from '../../../../shared/admin';
import { PHOTO_TYPES } from '../../../../shared/profile';
import { MatchmakerPhoto } from '../../../components/matchmaker-photo';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { FilePicker } from '../../../components/ui/file-picker';
import { LoadError } from '../../../components/ui/load-error';
import { Spinner } from '../../../components/ui/spinner';
import { TextAreaField, TextField } from '../../../components/ui/text-field';
import { errorMessage } from '../../../lib/api';
import { ownMatchmakerProfileQueryOptions, useSaveMatchmakerProfile } from '../api/admin';
import { matchmakerProfileFormSchema, profileFormValues } from '../form-schemas';

/**
 * A matchmaker's public profile: the admin edits anyone's (`adminFor` = their id, with "active"),
 * a matchmaker their own (no id, no "active"). Checked here with the API's own schema, then saved.
 */
export function MatchmakerProfileForm({ member, adminFor }: { member: StaffMember; adminFor?: string }) {
  const isAdmin = adminFor !== undefined;
  const form = useForm({
    resolver: zodResolver(matchmakerProfileFormSchema),
    defaultValues: profileFormValues(member, isAdmin),
  });
  const { errors } = form.formState;
  const fullName = useWatch({ control: form.control, name: 'full_name' });
  const [saved, setSaved] = useState<string | null>(null);
  const { save, upload } = useSaveMatchmakerProfile(adminFor);
  const formId = useId();

  // A change to any field makes an earlier "saved" note stale.
  useEffect(
    () =>
      form.subscribe({
        formState: { values: true },
        callback: ({ type }) => {
          if (type === 'change') setSaved(null);
        },
      }),
    [form],
  );

  const onSubmit = form.handleSubmit((input) =>
    save.mutate(input, {
      onSuccess: (updated) => {
        form.reset(profileFormValues(updated, isAdmin));
        setSaved('Het profiel is bewaard.');
      },
    }),
  );

  function onPhoto(file: File | undefined) {
    if (!file) return;
    setSaved(null);
    upload.mutate(file, { onSuccess: () => setSaved('De nieuwe foto is bewaard.') });
  }

  const photoUrl = upload.data?.profile_photo_url ?? save.data?.profile_photo_url ?? member.profile_photo_url;

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="flex flex-col gap-5"
      aria-describedby={`${formId}-status`}
    >
      <div className="flex flex-wrap items-center gap-4">
        <MatchmakerPhoto name={fullName || member.full_name} url={photoUrl} size={96} />
        <div className="min-w-0">
          <label htmlFor={`${formId}-photo`} className="block text-sm font-semibold text-stone-800">
            Profielfoto
          </label>
          <FilePicker
            id={`${formId}-photo`}
            className="mt-1.5"
            buttonLabel="Kies een foto"
            buttonClassName="rounded-lg border border-stone-300 bg-white text-stone-900 hover:bg-stone-50"
            accept={PHOTO_TYPES.join(',')}
            onFile={onPhoto}
            disabled={upload.isPending}
            aria-describedby={`${formId}-photo-hint`}
          />
          <p id={`${formId}-photo-hint`} className="mt-1 text-sm text-stone-600">
            {upload.isPending
              ? 'Foto opladen...'
              : 'JPEG, PNG, WebP of HEIC, hoogstens 10 MB. Wordt meteen bewaard.'}
          </p>
        </div>
      </div>
      {upload.isError && <Alert>{errorMessage(upload.error)}</Alert>}
      <TextField
        label="Naam"
        error={errors.full_name?.message}
        autoComplete="off"
        required
        {...form.register('full_name')}
      />
      <TextAreaField
        label="Korte bio"
        error={errors.bio?.message}
        hint={`Op de kaart in de lijst, hoogstens ${MAX_BIO_LENGTH} tekens.`}
        maxLength={MAX_BIO_LENGTH}
        {...form.register('bio')}
      />
      <TextAreaField
        label="Over mij"
        rows={5}
        error={errors.about_me?.message}
        maxLength={MAX_ABOUT_ME_LENGTH}
        {...form.register('about_me')}
      />
      <TextAreaField
        label="Specialiteiten"
        error={errors.specialties?.message}
        hint={`Eén per regel, hoogstens ${MAX_SPECIALTIES}.`}
        {...form.register('specialties')}
      />
      <TextField
        label="Jaren ervaring"
        inputMode="numeric"
        error={errors.years_experience?.message}
        className="max-w-40"
        {...form.register('years_experience')}
      />
      <TextField
        label="Calendly-link"
        type="url"
        error={errors.calendly_link?.message}
        hint="Bijvoorbeeld https://calendly.com/jouw-naam/intake. Leeg: klanten plannen via de link van hun lidmaatschap."
        {...form.register('calendly_link')}
      />
      {isAdmin && (
        <div className="flex items-start gap-3">
          <input
            id={`${formId}-active`}
            type="checkbox"
            {...form.register('is_active')}
            className="mt-1 size-5 accent-brand-700"
            aria-describedby={`${formId}-active-hint`}
          />
          <div>
            <label htmlFor={`${formId}-active`} className="font-semibold text-stone-900">
              Actief
            </label>
            <p id={`${formId}-active-hint`} className="text-sm text-stone-600">
              Alleen een actieve matchmaker heeft een publieke pagina en kan gekozen worden. Niet actief: de
              pagina meldt 'Matchmaker Niet Gevonden'. Zet je een actieve matchmaker uit, dan wordt die meteen
              uitgelogd en kan die niets meer openen tot je het weer aanzet.
            </p>
          </div>
        </div>
      )}
      <div id={`${formId}-status`}>
        {save.isError && <Alert>{errorMessage(save.error)}</Alert>}
        {saved && <Alert tone="success">{saved}</Alert>}
      </div>
      <div>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Bewaren...' : 'Profiel bewaren'}
        </Button>
      </div>
    </form>
  );
}

/** A matchmaker's settings: their own public profile, with the admin's form (issue 17). */
export function OwnMatchmakerProfileSection() {
  const own = useQuery(ownMatchmakerProfileQueryOptions);
  return (
    <section aria-labelledby="publiek-profiel-titel">
      <h2 id="publiek-profiel-titel" className="text-lg font-semibold text-stone-900">
        Mijn publieke profiel
      </h2>
      <p className="mt-1 mb-4 text-stone-700">
        Wat klanten en bezoekers op je pagina zien.
        {own.data?.is_active ? (
          <>
            {' '}
            <a
              href={`/${own.data.slug}`}
              className="font-semibold text-brand-800 underline underline-offset-2"
            >
              Bekijk je pagina
            </a>
            .
          </>
        ) : (
          ' Je profiel staat niet actief; een beheerder zet het aan.'
        )}
      </p>
      {own.isPending ? (
        <Spinner label="Profiel laden..." className="items-start" />
      ) : own.isError ? (
        <LoadError error={own.error} onRetry={() => void own.refetch()} />
      ) : (
        <MatchmakerProfileForm member={own.data} />
      )}
    </section>
  );
}
