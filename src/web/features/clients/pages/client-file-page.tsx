import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useParams } from 'react-router';
import { type ClientNote, clientNoteInputSchema, MAX_CLIENT_NOTE_LENGTH } from '../../../../shared/clients';
import {
  GENDER_LABELS,
  INTAKE_STATUS_LABELS,
  MATCH_STATUS_LABELS,
  SESSION_TYPE_LABELS,
} from '../../../../shared/domain';
import { ageOn, formatDate, formatDateTime } from '../../../../shared/format';
import {
  CHILDREN_WISH_LABELS,
  type ClientProfile,
  DEALBREAKER_LABELS,
  DRINKING_LABELS,
  EDUCATION_LABELS,
  LANGUAGE_LABELS,
  RELATIONSHIP_LABELS,
  RELIGION_LABELS,
  SMOKING_LABELS,
} from '../../../../shared/profile';
import { QUIZ_BAND_LABELS, QUIZ_DIMENSION_INFO } from '../../../../shared/quiz';
import { ROUTES } from '../../../../shared/routes';
import {
  CONTRACT_STATUS_LABELS,
  NO_SUBSCRIPTION_LABEL,
  SUBSCRIPTION_STATUS_LABELS,
} from '../../../../shared/web-labels';
import { Alert } from '../../../components/ui/alert';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { DetailRow } from '../../../components/ui/detail-row';
import { ErrorText } from '../../../components/ui/error-text';
import { PageHeader } from '../../../components/ui/page-header';
import { PageLoadError } from '../../../components/ui/page-load-error';
import { ContentSpinner } from '../../../components/ui/spinner';
import { TextAreaField } from '../../../components/ui/text-field';
import { errorText } from '../../../lib/api';
import { AppLink } from '../../../lib/app-link';
import { useMe } from '../../../lib/me';
import { usePageTitle } from '../../../lib/use-page-title';
import { ClientPackageDates } from '../../magic-match/components/package-dates';
import { ClientConversation, DebriefAnswer } from '../../messages/components/client-conversation';
import { clientFileQueryOptions, useSaveClientNote } from '../api/clients';
import { TraitsPanel } from '../components/traits-panel';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card>
      <section aria-labelledby={id}>
        <h2 id={id} className="mb-4 text-xl font-semibold text-stone-900">
          {title}
        </h2>
        {children}
      </section>
    </Card>
  );
}

const NOT_FILLED = 'Niet ingevuld';
const labelOf = <K extends string>(labels: Record<K, string>, value: K | null) =>
  value ? labels[value] : NOT_FILLED;

/**
 * Issue 30: every answer the client gave in the profile form (what the API returns), with the
 * form's Dutch labels; the wishes, interests and own words follow below them.
 */
function answerRows(p: ClientProfile): [string, string][] {
  return [
    ['Geslacht', labelOf(GENDER_LABELS, p.gender)],
    ['Geboortedatum', p.birth_date ? formatDate(`${p.birth_date}T12:00:00Z`) : NOT_FILLED],
    ['Woonplaats', p.town ? `${p.town} (${p.postcode ?? '?'}, ${p.province ?? '?'})` : NOT_FILLED],
    ['Lengte', p.height_cm ? `${p.height_cm} cm` : NOT_FILLED],
    ['Opleiding', labelOf(EDUCATION_LABELS, p.education)],
    ['Beroep', p.profession?.trim() || NOT_FILLED],
    ['Talen', p.languages.length ? p.languages.map((l) => LANGUAGE_LABELS[l]).join(', ') : NOT_FILLED],
    ['Roken', labelOf(SMOKING_LABELS, p.smoking)],
    ['Alcohol', labelOf(DRINKING_LABELS, p.drinking)],
    ['Heeft kinderen', p.has_children === null ? NOT_FILLED : p.has_children ? 'Ja' : 'Nee'],
    ['Kinderwens', labelOf(CHILDREN_WISH_LABELS, p.wants_children)],
    ['Geloof', labelOf(RELIGION_LABELS, p.religion)],
    ['Zoekt een relatie', labelOf(RELATIONSHIP_LABELS, p.relationship_sought)],
  ];
}

const answerLabel = (answer: 'accepted' | 'rejected' | null) =>
  answer === 'accepted' ? 'Ja' : answer === 'rejected' ? 'Nee' : 'Nog geen antwoord';

function NoteForm({ clientId, note, onDone }: { clientId: string; note?: ClientNote; onDone?: () => void }) {
  const save = useSaveClientNote(clientId);
  const form = useForm({
    resolver: zodResolver(clientNoteInputSchema),
    defaultValues: { body: note?.body ?? '' },
  });

  const submit = form.handleSubmit(({ body }) =>
    save.mutate(
      { noteId: note?.id, body },
      {
        onSuccess: () => {
          if (!note) form.reset();
          onDone?.();
        },
      },
    ),
  );

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-2">
      <TextAreaField
        label={note ? 'Notitie wijzigen' : 'Nieuwe notitie'}
        error={form.formState.errors.body?.message}
        maxLength={MAX_CLIENT_NOTE_LENGTH}
        {...form.register('body')}
      />
      {save.isError && (
        <Alert>
          <ErrorText message={errorText(save.error)} />
        </Alert>
      )}
      <div className="flex gap-2">
        <Button type="submit" isBusy={save.isPending}>
          {note ? 'Bewaar' : 'Voeg notitie toe'}
        </Button>
        {note && (
          <Button variant="ghost" onClick={onDone}>
            Annuleer
          </Button>
        )}
      </div>
    </form>
  );
}

function Notes({ clientId, notes, myId }: { clientId: string; notes: ClientNote[]; myId?: string }) {
  const [editing, setEditing] = useState<string | null>(null);
  return (
    <div className="flex flex-col gap-4">
      <NoteForm clientId={clientId} />
      {notes.length === 0 ? (
        <p className="text-sm text-stone-700">Nog geen notities.</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {notes.map((note) => (
            <li key={note.id} className="rounded-xl border border-stone-200 bg-white px-4 py-3">
              {editing === note.id ? (
                <NoteForm clientId={clientId} note={note} onDone={() => setEditing(null)} />
              ) : (
                <>
                  <p className="whitespace-pre-line text-stone-900">{note.body}</p>
                  <p className="mt-1 text-xs text-stone-700">
                    {note.author_name ?? 'Onbekend'}, {formatDateTime(note.created_at)}
                    {note.updated_at !== note.created_at && ` (gewijzigd ${formatDateTime(note.updated_at)})`}
                  </p>
                  {note.author_id === myId && (
                    <Button variant="ghost" className="mt-1" onClick={() => setEditing(note.id)}>
                      Wijzig<span className="sr-only"> je notitie</span>
                    </Button>
                  )}
                </>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * /matchmaker/clients/{clientId}: a client's file for their matchmaker (and admins): account and
 * term, profile and photos, quiz bands, traits to confirm, intakes with notes, matches, notes.
 */
export function ClientFilePage() {
  const { clientId = '' } = useParams();
  const me = useMe();
  const file = useQuery(clientFileQueryOptions(clientId));
  usePageTitle(file.data?.client.full_name ?? 'Klant');

  if (file.isPending) return <ContentSpinner label="Dossier laden..." />;
  if (file.isError) {
    return (
      <PageLoadError
        error={file.error}
        onRetry={() => void file.refetch()}
        back={{ to: ROUTES.matchmakerClients, label: '← Alle klanten' }}
      />
    );
  }
  const { client, profile, quiz, intake_sessions, matches, notes } = file.data;
  const p = profile.profile;
  const age = ageOn(p.birth_date, new Date());

  return (
    <>
      <p className="mb-3">
        <AppLink to={ROUTES.matchmakerClients} className="text-sm font-semibold text-brand-800 underline">
          ← Alle klanten
        </AppLink>
      </p>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <PageHeader
          title={client.full_name ?? 'Naamloze klant'}
          description={[age !== null ? `${age} jaar` : null, p.town ?? p.province, client.tier]
            .filter(Boolean)
            .join(' · ')}
        />
        <ButtonLink
          to={`${ROUTES.matchmakerClients}/${encodeURIComponent(client.id)}/magic-match-overview`}
          variant="secondary"
        >
          Magic match voor {client.full_name?.split(' ')[0] ?? 'deze klant'}
        </ButtonLink>
      </div>

      <div className="grid gap-6 lg:grid-cols-2">
        <Section id="account" title="Lidmaatschap">
          <dl>
            <DetailRow label="E-mailadres">{client.email}</DetailRow>
            <DetailRow label="Pakket">{client.tier}</DetailRow>
            <DetailRow label="Abonnement">
              {client.subscription_status
                ? (SUBSCRIPTION_STATUS_LABELS[
                    client.subscription_status as keyof typeof SUBSCRIPTION_STATUS_LABELS
                  ] ?? client.subscription_status)
                : NO_SUBSCRIPTION_LABEL}
            </DetailRow>
            {client.subscription_ends_at && (
              <DetailRow label="Loopt tot">{formatDate(client.subscription_ends_at)}</DetailRow>
            )}
            <DetailRow label="Status">
              {CONTRACT_STATUS_LABELS[client.contract_status]}
              {client.matching_paused && ' · matching gepauzeerd'}
            </DetailRow>
            <DetailRow label="Matchmaker">{client.assigned_matchmaker_name ?? 'Nog geen'}</DetailRow>
            <DetailRow label="Dates in het pakket">
              <ClientPackageDates clientId={client.id} />
            </DetailRow>
            <DetailRow label="Lid sinds">{formatDate(client.member_since)}</DetailRow>
            <DetailRow label="Laatst actief">
              {client.last_activity_at ? formatDate(client.last_activity_at) : 'Onbekend'}
            </DetailRow>
          </dl>
        </Section>

        <Section id="profiel" title={`Profiel (${profile.completeness.percent}% volledig)`}>
          {profile.photos.length > 0 && (
            <ul className="mb-4 flex flex-wrap gap-2">
              {profile.photos.map((photo) => (
                <li key={photo.id}>
                  <img
                    src={photo.urls.small}
                    alt={`Foto van ${client.full_name ?? 'de klant'}`}
                    className="size-24 rounded-xl object-cover"
                    loading="lazy"
                  />
                </li>
              ))}
            </ul>
          )}
          <dl>
            {answerRows(p).map(([label, value]) => (
              <DetailRow key={label} label={label}>
                {value}
              </DetailRow>
            ))}
            <DetailRow label="Zoekt">
              {p.seeking_genders.length
                ? p.seeking_genders.map((g) => GENDER_LABELS[g].toLowerCase()).join(', ')
                : 'Niet ingevuld'}
              {p.age_min && p.age_max ? `, ${p.age_min}–${p.age_max} jaar` : ''}
              {p.max_distance_km ? `, tot ${p.max_distance_km} km` : ''}
            </DetailRow>
            <DetailRow label="Dealbreakers">
              {p.dealbreakers.length ? p.dealbreakers.map((d) => DEALBREAKER_LABELS[d]).join(', ') : 'Geen'}
            </DetailRow>
            <DetailRow label="Interesses">
              {p.interests.length ? p.interests.join(', ') : 'Niet ingevuld'}
            </DetailRow>
            <DetailRow label="Over mij">{p.about_me ?? 'Niet ingevuld'}</DetailRow>
            <DetailRow label="Zoekt in een partner">{p.looking_for ?? 'Niet ingevuld'}</DetailRow>
          </dl>
          {profile.completeness.missing.length > 0 && (
            <p className="mt-3 text-sm text-stone-700">
              Ontbreekt: {profile.completeness.missing.map((m) => m.label).join(', ')}
            </p>
          )}
        </Section>
      </div>

      <div className="mt-6 flex flex-col gap-6">
        <Section id="berichten" title="Berichten">
          <ClientConversation clientId={client.id} isAdmin={me.data?.profile?.role === 'admin'} />
        </Section>

        <Section id="eigenschappen" title="Eigenschappen">
          <TraitsPanel clientId={client.id} />
        </Section>

        <Section id="quiz" title="Quiz">
          {quiz.result ? (
            <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm sm:max-w-md">
              {quiz.result.dimensions.map((d) => (
                <div key={d.dimension} className="contents">
                  <dt className="text-stone-700">{QUIZ_DIMENSION_INFO[d.dimension].label}</dt>
                  <dd className="text-right font-semibold text-stone-900">
                    {QUIZ_BAND_LABELS[d.band]} ({d.score})
                  </dd>
                </div>
              ))}
            </dl>
          ) : (
            <p className="text-stone-700">
              {quiz.in_progress ? 'Is aan de quiz begonnen.' : 'Heeft de quiz nog niet gedaan.'}
            </p>
          )}
        </Section>

        <Section id="intakes" title="Intakegesprekken">
          {intake_sessions.length === 0 ? (
            <p className="text-stone-700">Nog geen intake geboekt.</p>
          ) : (
            <ul className="flex flex-col gap-3">
              {intake_sessions.map((session) => (
                <li key={session.id} className="rounded-xl border border-stone-200 bg-white px-4 py-3">
                  <p className="font-semibold text-stone-900">
                    {SESSION_TYPE_LABELS[session.session_type]} · {INTAKE_STATUS_LABELS[session.status]}
                  </p>
                  <p className="text-sm text-stone-700">
                    {session.scheduled_at ? formatDateTime(session.scheduled_at) : 'Nog geen tijdstip'}
                    {session.matchmaker?.full_name && ` met ${session.matchmaker.full_name}`}
                  </p>
                  {session.matchmaker_notes && (
                    <p className="mt-2 whitespace-pre-line text-stone-800">{session.matchmaker_notes}</p>
                  )}
                </li>
              ))}
            </ul>
          )}
        </Section>

        <Section id="matches" title="Matches">
          {matches.length === 0 ? (
            <p className="text-stone-700">Nog geen matches.</p>
          ) : (
            <ul className="flex flex-col gap-3">
              {matches.map((match) => (
                <li key={match.id} className="rounded-xl border border-stone-200 bg-white px-4 py-3">
                  <p className="font-semibold text-stone-900">
                    Met {match.other.full_name ?? 'Klant'} · {MATCH_STATUS_LABELS[match.status]}
                  </p>
                  <p className="text-sm text-stone-700">
                    Voorgesteld {formatDate(match.proposed_at)}; antwoord {client.full_name?.split(' ')[0]}:{' '}
                    {answerLabel(match.my_response)}; antwoord{' '}
                    {match.other.full_name?.split(' ')[0] ?? 'de ander'}: {answerLabel(match.other_response)}
                    {match.scheduled_at && `; date ${formatDateTime(match.scheduled_at)}`}
                    {match.feedback_count > 0 && `; ${match.feedback_count}× feedback`}
                    {match.follow_up_count > 0 && `; ${match.follow_up_count}× opvolging`}
                  </p>
                  {match.status === 'completed' && <DebriefAnswer clientId={client.id} matchId={match.id} />}
                  <AppLink
                    to={`${ROUTES.matchmakerMatches}?match=${encodeURIComponent(match.id)}`}
                    className="mt-1 inline-block text-sm font-semibold text-brand-800 underline"
                  >
                    Details van deze match
                  </AppLink>
                </li>
              ))}
            </ul>
          )}
        </Section>

        <Section id="notities" title="Notities van het team">
          <Notes clientId={client.id} notes={notes} myId={me.data?.user.id} />
        </Section>
      </div>
    </>
  );
}
