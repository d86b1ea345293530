import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import {
  MAX_ABOUT_ME_LENGTH,
  MAX_BIO_LENGTH,
  MAX_SPECIALTIES,
  type MatchmakerProfileInput,
  matchmakerProfileInputSchema,
  type StaffMember,
} from '../../../../shared/admin';
import { PHOTO_TYPES } from '../../../../shared/profile';
import { MatchmakerPhoto } from '../../../components/matchmaker-photo';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { LoadError } from '../../../components/ui/load-error';
import { Spinner } from '../../../components/ui/spinner';
import { TextAreaField, TextField } from '../../../components/ui/text-field';
import { errorMessage } from '../../../lib/api';
import { ownMatchmakerProfileQueryOptions, useSaveMatchmakerProfile } from '../api/admin';

/** The form's text, as typed. */
interface Draft {
  full_name: string;
  bio: string;
  about_me: string;
  specialties: string;
  years_experience: string;
  calendly_link: string;
  is_active: boolean;
}

const draftOf = (member: StaffMember): Draft => ({
  full_name: member.full_name,
  bio: member.bio ?? '',
  about_me: member.about_me ?? '',
  specialties: member.specialties.join('\n'),
  years_experience: member.years_experience === null ? '' : String(member.years_experience),
  calendly_link: member.calendly_link ?? '',
  is_active: member.is_active,
});

/** The draft as the API takes it: one specialty per line, empty fields as null. */
export function inputOf(draft: Draft, withActive: boolean): MatchmakerProfileInput {
  const years = draft.years_experience.trim();
  return {
    full_name: draft.full_name,
    bio: draft.bio,
    about_me: draft.about_me,
    specialties: draft.specialties
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== ''),
    years_experience: years === '' ? null : Number(years),
    calendly_link: draft.calendly_link,
    ...(withActive ? { is_active: draft.is_active } : {}),
  };
}

/**
 * A matchmaker's public profile: the admin edits anyone's (`adminFor` = their id, with "active"),
 * a matchmaker their own (no id, no "active"). Checked here with the API's own schema, then saved.
 */
export function MatchmakerProfileForm({ member, adminFor }: { member: StaffMember; adminFor?: string }) {
  const isAdmin = adminFor !== undefined;
  const [draft, setDraft] = useState<Draft>(() => draftOf(member));
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<keyof Draft, string>>>({});
  const [saved, setSaved] = useState<string | null>(null);
  const { save, upload } = useSaveMatchmakerProfile(adminFor);
  const formId = useId();
  const set = (key: keyof Draft) => (value: string | boolean) => {
    setDraft((current) => ({ ...current, [key]: value }));
    setSaved(null);
  };

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const input = inputOf(draft, isAdmin);
    const parsed = matchmakerProfileInputSchema.safeParse(input);
    if (!parsed.success) {
      const errors: Partial<Record<keyof Draft, string>> = {};
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0]) as keyof Draft;
        errors[key] ??= issue.message;
      }
      setFieldErrors(errors);
      return;
    }
    setFieldErrors({});
    save.mutate(input, {
      onSuccess: (updated) => {
        setDraft(draftOf(updated));
        setSaved('Het profiel is bewaard.');
      },
    });
  }

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
        <MatchmakerPhoto name={draft.full_name || member.full_name} url={photoUrl} size={96} />
        <div className="min-w-0">
          <label htmlFor={`${formId}-photo`} className="block text-sm font-semibold text-stone-800">
            Profielfoto
          </label>
          <input
            id={`${formId}-photo`}
            type="file"
            accept={PHOTO_TYPES.join(',')}
            onChange={(event) => onPhoto(event.target.files?.[0])}
            disabled={upload.isPending}
            aria-describedby={`${formId}-photo-hint`}
            className="mt-1.5 block w-full max-w-xs text-sm text-stone-800 file:mr-3 file:min-h-10 file:rounded-lg file:border file:border-stone-300 file:bg-white file:px-3 file:font-semibold"
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
        value={draft.full_name}
        onChange={(e) => set('full_name')(e.target.value)}
        error={fieldErrors.full_name}
        autoComplete="off"
        required
      />
      <TextAreaField
        label="Korte bio"
        value={draft.bio}
        onChange={(e) => set('bio')(e.target.value)}
        error={fieldErrors.bio}
        hint={`Op de kaart in de lijst, hoogstens ${MAX_BIO_LENGTH} tekens.`}
        maxLength={MAX_BIO_LENGTH}
      />
      <TextAreaField
        label="Over mij"
        rows={5}
        value={draft.about_me}
        onChange={(e) => set('about_me')(e.target.value)}
        error={fieldErrors.about_me}
        maxLength={MAX_ABOUT_ME_LENGTH}
      />
      <TextAreaField
        label="Specialiteiten"
        value={draft.specialties}
        onChange={(e) => set('specialties')(e.target.value)}
        error={fieldErrors.specialties}
        hint={`Eén per regel, hoogstens ${MAX_SPECIALTIES}.`}
      />
      <TextField
        label="Jaren ervaring"
        inputMode="numeric"
        value={draft.years_experience}
        onChange={(e) => set('years_experience')(e.target.value)}
        error={fieldErrors.years_experience}
        className="max-w-40"
      />
      <TextField
        label="Calendly-link"
        type="url"
        value={draft.calendly_link}
        onChange={(e) => set('calendly_link')(e.target.value)}
        error={fieldErrors.calendly_link}
        hint="Bijvoorbeeld https://calendly.com/jouw-naam/intake. Leeg: klanten plannen via de link van hun lidmaatschap."
      />
      {isAdmin && (
        <div className="flex items-start gap-3">
          <input
            id={`${formId}-active`}
            type="checkbox"
            checked={draft.is_active}
            onChange={(e) => set('is_active')(e.target.checked)}
            className="mt-1 size-5 accent-brand-700"
            aria-describedby={`${formId}-active-hint`}
          />
          <div>
            <label htmlFor={`${formId}-active`} className="font-semibold text-stone-900">
              Actief
            </label>
            <p id={`${formId}-active-hint`} className="text-sm text-stone-600">
              Alleen een actieve matchmaker heeft een publieke pagina en kan gekozen worden. Niet actief: de
              pagina meldt 'Matchmaker Niet Gevonden'.
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
