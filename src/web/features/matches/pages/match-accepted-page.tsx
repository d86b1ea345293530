import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { MATCH_STATUS_LABELS } from '../../../../shared/domain';
import { FEEDBACK_DATE_PARAM } from '../../../../shared/feedback';
import { formatDate, formatDateTime } from '../../../../shared/format';
import type { ClientMatch } from '../../../../shared/matches';
import { ROUTES } from '../../../../shared/routes';
import { Alert } from '../../../components/ui/alert';
import { ButtonLink } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { LoadError } from '../../../components/ui/load-error';
import { PageHeader } from '../../../components/ui/page-header';
import { ContentSpinner } from '../../../components/ui/spinner';
import { usePageTitle } from '../../../lib/use-page-title';
import { MyPackageDates } from '../../magic-match/components/package-dates';
import { myMatchesQueryOptions } from '../api/my-matches';
import { MatchFeedbackForm } from '../components/match-feedback-form';

const NEXT_STEPS = [
  {
    title: 'Je matchmaker neemt contact op',
    text: 'Binnen enkele dagen stemt je matchmaker met jullie allebei een moment en een plek af.',
  },
  { title: 'Jullie eerste date', text: 'Je ziet hier de datum en het uur zodra de date gepland is.' },
  {
    title: 'Vertel hoe het was',
    text: 'Na de date vragen we je feedback. Alleen je matchmaker leest die.',
  },
] as const;

function AcceptedMatchCard({ match, linked = false }: { match: ClientMatch; linked?: boolean }) {
  const headingId = useId();
  const name = match.other.first_name;
  const heading = useRef<HTMLHeadingElement>(null);
  // Issue 26: the date an e-mail links to (`?datum=`) comes first, in view and focused.
  useEffect(() => {
    if (!linked) return;
    heading.current?.focus();
  }, [linked]);
  return (
    <Card className={`max-sm:p-5!${linked ? ' ring-2 ring-brand-700' : ''}`}>
      <article aria-labelledby={headingId}>
        <div className="flex flex-wrap items-start justify-between gap-3">
          <h2
            id={headingId}
            ref={heading}
            tabIndex={linked ? -1 : undefined}
            className="font-serif text-2xl font-bold text-stone-900 focus:outline-none"
          >
            Jij en {name}
          </h2>
          <span className="rounded-full bg-brand-50 px-3 py-1 text-sm font-semibold text-brand-900">
            {MATCH_STATUS_LABELS[match.status]}
          </span>
        </div>
        {match.accepted_at && (
          <p className="mt-1 text-sm text-stone-700">Allebei ja gezegd op {formatDate(match.accepted_at)}.</p>
        )}
        <div className="mt-4">
          {match.status === 'accepted' && (
            <p className="text-stone-800">
              Jullie hebben allebei ja gezegd. Je matchmaker plant binnenkort jullie eerste date en laat je
              weten wanneer en waar.
            </p>
          )}
          {match.status === 'scheduled' &&
            match.scheduled_at &&
            (Date.parse(match.scheduled_at) > Date.now() ? (
              <p className="text-stone-800">
                Jullie date is gepland op <strong>{formatDateTime(match.scheduled_at)}</strong>. Veel plezier!
              </p>
            ) : (
              <p className="text-stone-800">
                Jullie date stond gepland op <strong>{formatDateTime(match.scheduled_at)}</strong>. Zodra je
                matchmaker de date heeft afgerond, kun je hier vertellen hoe het was.
              </p>
            ))}
          {match.status === 'completed' &&
            (match.feedback_given ? (
              <Alert tone="success">Bedankt voor je feedback over je date met {name}.</Alert>
            ) : (
              <>
                <p className="mb-4 text-stone-800">
                  Jullie date heeft plaatsgevonden
                  {match.completed_at ? ` (${formatDate(match.completed_at)})` : ''}. Hoe was het?
                </p>
                <MatchFeedbackForm matchId={match.id} otherFirstName={name} />
              </>
            ))}
        </div>
      </article>
    </Card>
  );
}

/**
 * /dashboard/match-accepted: what happens after both said yes, the date, and feedback afterwards.
 * `?datum=<match id>` (a request after a date links so, issue 26) puts that date first, focused.
 */
export function MatchAcceptedPage() {
  usePageTitle('Match geaccepteerd');
  const matches = useQuery(myMatchesQueryOptions);
  const [params] = useSearchParams();
  const linkedId = params.get(FEEDBACK_DATE_PARAM);
  const ordered = useMemo(() => {
    const list = matches.data ?? [];
    const linked = list.filter((m) => m.id === linkedId);
    return [...linked, ...list.filter((m) => m.id !== linkedId)];
  }, [matches.data, linkedId]);

  return (
    <>
      <PageHeader
        title="Match geaccepteerd"
        description="Jullie hebben allebei ja gezegd. Zo gaat het verder."
      />
      {/* Issue 16: after each date, how many of the package's dates the client has had. */}
      <MyPackageDates className="mb-6" />
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="flex flex-col gap-6 lg:col-span-2">
          {matches.isPending ? (
            <ContentSpinner label="Matches laden..." />
          ) : matches.isError ? (
            <LoadError error={matches.error} onRetry={() => void matches.refetch()} />
          ) : matches.data.length === 0 ? (
            <Card>
              <h2 className="text-lg font-semibold text-stone-900">Nog geen geaccepteerde match</h2>
              <p className="mt-2 text-stone-700">
                Zodra jij en iemand anders allebei ja zeggen op een voorstel, zie je hier hoe het verder gaat.
              </p>
              <ButtonLink to={ROUTES.proposedMatches} variant="secondary" className="mt-4">
                Naar je voorstellen
              </ButtonLink>
            </Card>
          ) : (
            <ul className="flex flex-col gap-6">
              {ordered.map((match) => (
                <li key={match.id}>
                  <AcceptedMatchCard match={match} linked={match.id === linkedId} />
                </li>
              ))}
            </ul>
          )}
        </div>
        <Card className="self-start">
          <h2 className="text-lg font-semibold text-stone-900">Wat gebeurt er nu?</h2>
          <ol className="mt-4 flex flex-col gap-4">
            {NEXT_STEPS.map((step, index) => (
              <li key={step.title} className="flex gap-3">
                <span
                  aria-hidden="true"
                  className="flex size-7 shrink-0 items-center justify-center rounded-full bg-brand-700 text-sm font-bold text-white"
                >
                  {index + 1}
                </span>
                <div>
                  <p className="font-semibold text-stone-900">{step.title}</p>
                  <p className="text-sm text-stone-700">{step.text}</p>
                </div>
              </li>
            ))}
          </ol>
        </Card>
      </div>
    </>
  );
}
