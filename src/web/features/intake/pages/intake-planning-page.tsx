import { useQuery } from '@tanstack/react-query';
import { INTAKE_PREPARATION } from '../../../../shared/intake';
import { isUpcomingBooking } from '../../../../shared/intake-rules';
import { ROUTES } from '../../../../shared/routes';
import { ButtonLink } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { LoadError } from '../../../components/ui/load-error';
import { PageHeader } from '../../../components/ui/page-header';
import { ContentSpinner } from '../../../components/ui/spinner';
import { useMe } from '../../../lib/me';
import { useNow } from '../../../lib/use-now';
import { usePageTitle } from '../../../lib/use-page-title';
import { myIntakeSessionsQueryOptions } from '../api/intake';
import { IntakeScheduler } from '../components/intake-scheduler';
import { IntakeSessionList } from '../components/intake-session-list';

/**
 * /dashboard/intake-planning (issue 13): the client's sessions and what to prepare, then the
 * scheduler; a Relax client first reads what an intake is and which tiers include one.
 */
export function IntakePlanningPage() {
  usePageTitle('Intakegesprek plannen');
  const me = useMe();
  const sessions = useQuery(myIntakeSessionsQueryOptions);
  const profile = me.data?.profile;
  const isRelax = profile?.tier === 'Relax';
  const now = useNow(60_000);
  // Issue 26: one upcoming booking at a time; it is moved or cancelled above, not booked twice.
  const upcoming = sessions.data?.some((s) => isUpcomingBooking(s, now)) ?? false;

  return (
    <>
      <PageHeader
        title="Intakegesprek plannen"
        description="In het intakegesprek leert je matchmaker je kennen: wie je bent, wat je zoekt en wat voor jou niet kan. Daarna gaat de zoektocht van start."
      />
      {isRelax && (
        <Card className="mb-6">
          <h2 className="text-lg font-semibold text-stone-900">Wat is een intakegesprek?</h2>
          <p className="mt-2 text-stone-700">
            Een persoonlijk gesprek van ongeveer een uur met een matchmaker. Persoonlijke matchmaking met een
            intake hoort bij de pakketten Persoonlijk en Persoonlijk+: na de intake zoekt je matchmaker mensen
            voor je en regelt dates voor je. Met Relax+ krijg je een persoonlijk adviesgesprek.
          </p>
          <p className="mt-2 text-stone-700">
            Als Relax-lid kun je hieronder een vrijblijvend kennismakingsgesprek plannen; daarmee start nog
            geen persoonlijke matchmaking.
          </p>
          <ButtonLink to={ROUTES.products} className="mt-4">
            Bekijk de lidmaatschappen
          </ButtonLink>
        </Card>
      )}

      <section aria-labelledby="sessions-title" className="mb-8">
        <h2 id="sessions-title" className="mb-3 text-xl font-semibold text-stone-900">
          Je gesprekken
        </h2>
        {sessions.isPending ? (
          <ContentSpinner label="Gesprekken laden..." />
        ) : sessions.isError ? (
          <LoadError error={sessions.error} onRetry={() => void sessions.refetch()} />
        ) : sessions.data.length === 0 ? (
          <p className="text-stone-700">Je hebt nog geen gesprek gepland. Kies hieronder een moment.</p>
        ) : (
          <IntakeSessionList sessions={sessions.data} />
        )}
      </section>

      <section aria-labelledby="prepare-title" className="mb-8">
        <h2 id="prepare-title" className="mb-3 text-xl font-semibold text-stone-900">
          Zo bereid je je voor
        </h2>
        <ul className="list-disc space-y-1 pl-5 text-stone-700">
          {INTAKE_PREPARATION.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="scheduler-title">
        <h2 id="scheduler-title" className="mb-3 text-xl font-semibold text-stone-900">
          Kies een moment
        </h2>
        {me.isPending || sessions.isPending ? (
          <ContentSpinner label="Laden..." />
        ) : (
          <IntakeScheduler
            name={profile?.full_name ?? null}
            email={me.data?.user.email ?? null}
            hasUpcoming={upcoming}
          />
        )}
      </section>
    </>
  );
}
