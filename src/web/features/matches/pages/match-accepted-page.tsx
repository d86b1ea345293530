import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { FEEDBACK_DATE_PARAM } from '../../../../shared/feedback-widget';
import { formatDate, formatDateTime } from '../../../../shared/format';
import type { ClientMatch } from '../../../../shared/matches';
import { ROUTES } from '../../../../shared/routes';
import { Alert } from '../../../components/ui/alert';
import { ButtonLink } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { LoadError } from '../../../components/ui/load-error';
import { PageHeader } from '../../../components/ui/page-header';
import { ContentSpinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { useNow } from '../../../lib/use-now';
import { usePageTitle } from '../../../lib/use-page-title';
import { MyPackageDates } from '../../magic-match/components/package-dates';
import { myMatchesQueryOptions } from '../api/my-matches';
import { OtherPhotos, PlannedDate } from '../components/client-date';
import { MatchFeedbackForm } from '../components/match-feedback-form';
import { currentMatch, dateSteps } from '../date-steps';

function AcceptedMatchCard({
  match,
  focus,
  linked = false,
}: {
  match: ClientMatch;
  focus: boolean;
  linked?: boolean;
}) {
  const headingId = useId();
  const name = match.other.first_name;
  const now = useNow(60_000);
  const ref = useRef<HTMLElement>(null);
  // The mailed feedback link (?feedback=id#date-id) brings this date's form into view.
  useEffect(() => {
    if (focus) ref.current?.scrollIntoView({ block: 'start' });
  }, [focus]);
  // Issue 26: the date a feedback request links to (`?datum=`) comes first, in view and focused.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (linked) heading.current?.focus();
  }, [linked]);
  const stopped = match.status === 'rejected' || match.status === 'cancelled';
  return (
    <Card className={`max-sm:p-5!${linked ? ' ring-2 ring-brand-700' : ''}`}>
      <article aria-labelledby={headingId} id={`date-${match.id}`} ref={ref} className="scroll-mt-24">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <h2
            id={headingId}
            ref={heading}
            tabIndex={linked ? -1 : undefined}
            className="font-serif text-2xl font-bold text-stone-900 focus:outline-none"
          >
            {stopped ? `Jouw voorstel met ${name}` : `Jij en ${name}`}
          </h2>
          <span className="rounded-full bg-brand-50 px-3 py-1 text-sm font-semibold text-brand-900">
            {CLIENT_STATUS_LABELS[match.status]}
          </span>
        </div>
        {match.accepted_at && !stopped && (
          <p className="mt-1 text-sm text-stone-700">Allebei ja gezegd op {formatDate(match.accepted_at)}.</p>
        )}
        {!stopped && <OtherPhotos match={match} />}
        <div className="mt-4">
          {match.status === 'accepted' && (
            <p className="text-stone-800">
              Jullie hebben allebei ja gezegd. Je matchmaker plant binnenkort jullie eerste date en laat je
              weten wanneer en waar.
            </p>
          )}
          {match.status === 'scheduled' &&
            match.scheduled_at &&
            (Date.parse(match.scheduled_at) > now.getTime() ? (
              <PlannedDate match={match} />
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
                  {match.completed_at ? ` op ${formatDateTime(match.completed_at)}` : ''}. Hoe was het?
                </p>
                <MatchFeedbackForm matchId={match.id} otherFirstName={name} />
              </>
            ))}
          {match.status === 'rejected' && (
            <p className="text-stone-800">
              Dit voorstel gaat niet verder: de klik was er aan de andere kant niet. Dat zegt niets over jou.
              Je matchmaker blijft voor je zoeken en laat van zich horen zodra er een nieuw voorstel is.
            </p>
          )}
          {match.status === 'cancelled' && (
            <p className="text-stone-800">
              {match.scheduled_at
                ? `Jullie date van ${formatDateTime(match.scheduled_at)} gaat niet door.`
                : 'Deze match gaat niet verder.'}{' '}
              Je matchmaker blijft voor je zoeken en neemt contact met je op.
            </p>
          )}
        </div>
      </article>
    </Card>
  );
}

/** The status as the client reads it: a declined proposal is not "Afgewezen" by them. */
const CLIENT_STATUS_LABELS: Record<ClientMatch['status'], string> = {
  accepted: 'Allebei ja',
  scheduled: 'Date gepland',
  completed: 'Date gehad',
  rejected: 'Gaat niet verder',
  cancelled: 'Gaat niet door',
};

/** "Wat gebeurt er nu?", following the match's state (issue 27 item 3). */
function NextSteps({ match }: { match: ClientMatch | undefined }) {
  const now = useNow(60_000);
  const steps = dateSteps(match, now);
  return (
    <Card className="self-start">
      <h2 className="text-lg font-semibold text-stone-900">Wat gebeurt er nu?</h2>
      {match && <p className="mt-1 text-sm text-stone-700">Over jou en {match.other.first_name}.</p>}
      <ol className="mt-4 flex flex-col gap-4">
        {steps.map((step, index) => (
          <li
            key={step.title}
            className="flex gap-3"
            aria-current={step.state === 'current' ? 'step' : undefined}
          >
            <span
              aria-hidden="true"
              className={cn(
                'flex size-7 shrink-0 items-center justify-center rounded-full text-sm font-bold',
                step.state === 'done'
                  ? 'bg-emerald-700 text-white'
                  : step.state === 'current'
                    ? 'bg-brand-700 text-white'
                    : 'border border-stone-300 text-stone-700',
              )}
            >
              {step.state === 'done' ? '✓' : index + 1}
            </span>
            <div>
              <p className="font-semibold text-stone-900">
                {step.title}
                <span className="sr-only">
                  {step.state === 'done' ? ' (gedaan)' : step.state === 'current' ? ' (nu)' : ''}
                </span>
              </p>
              <p className="text-sm text-stone-700">{step.text}</p>
            </div>
          </li>
        ))}
      </ol>
    </Card>
  );
}

/**
 * /dashboard/match-accepted: what happens after both said yes, the date, and feedback afterwards.
 * `?feedback=<match id>` (the date's feedback mail) scrolls to that date's form; `?datum=<match id>`
 * (the matchmaker-feedback request after a date, issue 26) puts that date first, focused.
 */
export function MatchAcceptedPage() {
  usePageTitle('Match geaccepteerd');
  const matches = useQuery(myMatchesQueryOptions);
  const [params] = useSearchParams();
  const feedbackFor = params.get('feedback');
  const linkedId = params.get(FEEDBACK_DATE_PARAM);
  const ordered = useMemo(() => {
    const list = matches.data ?? [];
    return [...list.filter((m) => m.id === linkedId), ...list.filter((m) => m.id !== linkedId)];
  }, [matches.data, linkedId]);

  return (
    <>
      <PageHeader
        title="Match geaccepteerd"
        description={
          matches.data?.length &&
          matches.data.every((m) => m.status === 'rejected' || m.status === 'cancelled')
            ? 'Hoe het verder gaat met je voorstellen.'
            : 'Jullie hebben allebei ja gezegd. Zo gaat het verder.'
        }
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
                  <AcceptedMatchCard
                    match={match}
                    focus={match.id === feedbackFor}
                    linked={match.id === linkedId}
                  />
                </li>
              ))}
            </ul>
          )}
        </div>
        <NextSteps match={matches.data ? currentMatch(matches.data) : undefined} />
      </div>
    </>
  );
}
