import type { ReactNode } from 'react';
import { TEST_SCHEDULER_NAME } from '../../../../shared/intake';
import type { MatchmakerProfile } from '../../../../shared/matchmakers';
import { ROUTES } from '../../../../shared/routes';
import { AGENCY_CONTACT, type SiteSession } from '../../../../shared/site';
import { MatchmakerPhoto } from '../../../components/matchmaker-photo';
import { ButtonLink, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ClockIcon, MailIcon, MapPinIcon, PhoneIcon } from '../../../components/ui/icons';
import { Spinner } from '../../../components/ui/spinner';
import { matchmakersListPath } from '../../../lib/home-path';
import { Island } from '../islands/island';
import { PublicPageFrame } from './public-page-frame';

export type MatchmakerProfileState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'not-found' }
  | { status: 'ready'; matchmaker: MatchmakerProfile };

export const DEFAULT_BIO =
  'Als matchmaker bij Koppel help ik singles in heel België om iemand te vinden die echt bij hen past: met aandacht, discretie en een eerlijk advies.';
export const DEFAULT_ABOUT_ME =
  'Ik geloof dat de beste relaties beginnen bij een goed gesprek. Ik neem de tijd om je te leren kennen, luister naar wat jij belangrijk vindt en stel je alleen voor aan mensen bij wie ik een echte klik verwacht.';

/** /{slug}: every state of the public matchmaker page (spec section 2). */
export function MatchmakerProfileView({
  state,
  session,
}: {
  state: MatchmakerProfileState;
  session: SiteSession | null;
}) {
  return (
    <PublicPageFrame>
      <ProfileContent state={state} session={session} />
    </PublicPageFrame>
  );
}

function ProfileContent({ state, session }: { state: MatchmakerProfileState; session: SiteSession | null }) {
  switch (state.status) {
    case 'loading':
      return <Spinner label="Matchmaker profiel laden..." className="py-24" />;
    case 'error':
      return (
        <Message title="Fout bij laden">
          <p className="mt-3 text-stone-700">{state.message}</p>
          <ButtonLink to={ROUTES.home} className="mt-6">
            Terug naar home
          </ButtonLink>
        </Message>
      );
    case 'not-found':
      return (
        <Message title="Matchmaker Niet Gevonden">
          <p className="mt-3 text-stone-700">
            Deze matchmaker bestaat niet of is niet meer actief. Bekijk de andere matchmakers van Koppel.
          </p>
          <ButtonLink to={matchmakersListPath(session?.role)} className="mt-6">
            Bekijk alle matchmakers
          </ButtonLink>
        </Message>
      );
    case 'ready':
      return <Profile matchmaker={state.matchmaker} session={session} />;
  }
}

function Message({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-xl px-4 py-16">
      <Card className="text-center">
        <h1 className="font-serif text-3xl font-bold text-stone-900">{title}</h1>
        {children}
      </Card>
    </div>
  );
}

function isWebLink(link: string | null): link is string {
  return !!link && /^https:\/\//i.test(link);
}

function Profile({ matchmaker, session }: { matchmaker: MatchmakerProfile; session: SiteSession | null }) {
  const hasCalendly = matchmaker.scheduler === 'calendly';
  // Issue 30: a local install without Calendly links to nothing outside the machine.
  const schedulingLink = hasCalendly && isWebLink(matchmaker.calendly_link) ? matchmaker.calendly_link : null;
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
      <section aria-labelledby="matchmaker-naam" className="flex flex-col gap-6 sm:flex-row sm:items-center">
        <MatchmakerPhoto
          name={matchmaker.full_name}
          url={matchmaker.profile_photo_url}
          size={160}
          alt={`Foto van ${matchmaker.full_name}`}
          isPriority
          className="ring-4 ring-white shadow-md"
        />
        <div>
          <p className="text-sm font-semibold tracking-wide text-brand-800 uppercase">
            Matchmaker bij Koppel
          </p>
          <h1 id="matchmaker-naam" className="mt-1 font-serif text-4xl font-bold break-words text-stone-900">
            {matchmaker.full_name}
          </h1>
          <ul className="mt-4 flex flex-wrap gap-3" aria-label="In cijfers">
            {matchmaker.success_rate !== null && (
              <Stat value={`${matchmaker.success_rate}%`} label="Succespercentage" />
            )}
            {matchmaker.years_experience !== null && (
              <Stat value={String(matchmaker.years_experience)} label="jaar ervaring" />
            )}
            <Stat
              value={String(matchmaker.client_count)}
              label={matchmaker.client_count === 1 ? 'actieve klant' : 'actieve klanten'}
            />
          </ul>
        </div>
      </section>

      <div className="mt-10 grid gap-8 lg:grid-cols-[1fr_20rem]">
        <div className="space-y-8">
          <p className="text-lg leading-relaxed text-stone-800">{matchmaker.bio?.trim() || DEFAULT_BIO}</p>
          {matchmaker.specialties.length > 0 && (
            <section aria-labelledby="specialisaties">
              <h2 id="specialisaties" className="font-serif text-2xl font-bold text-stone-900">
                Specialisaties
              </h2>
              <ul className="mt-3 flex flex-wrap gap-2">
                {matchmaker.specialties.map((specialty) => (
                  <li
                    key={specialty}
                    className="rounded-full bg-brand-50 px-3 py-1 text-sm font-medium text-brand-900"
                  >
                    {specialty}
                  </li>
                ))}
              </ul>
            </section>
          )}
          <section aria-labelledby="over-mij">
            <h2 id="over-mij" className="font-serif text-2xl font-bold text-stone-900">
              Over Mij
            </h2>
            <p className="mt-3 leading-relaxed text-stone-800">
              {matchmaker.about_me?.trim() || DEFAULT_ABOUT_ME}
            </p>
          </section>
          <div className="flex flex-col gap-3 sm:flex-row">
            {schedulingLink ? (
              <a
                href={schedulingLink}
                target="_blank"
                rel="noopener noreferrer"
                className={buttonClasses('primary', 'lg')}
              >
                Plan een Gesprek
                <span className="sr-only"> (opent in een nieuw tabblad)</span>
              </a>
            ) : (
              <ButtonLink to={ROUTES.signUp} size="lg">
                Plan een Gesprek
              </ButtonLink>
            )}
            <ButtonLink to={ROUTES.signUp} size="lg" variant="secondary">
              Meld je Aan
            </ButtonLink>
          </div>
        </div>

        <aside
          aria-labelledby="contact"
          className="h-fit rounded-2xl border border-stone-200 bg-white p-6 shadow-sm"
        >
          <h2 id="contact" className="font-serif text-xl font-bold text-stone-900">
            Contact
          </h2>
          <ul className="mt-4 space-y-3 text-stone-800">
            <ContactLine icon={<MailIcon className="size-5" />}>
              <a href={`mailto:${matchmaker.email}`} className="break-all underline">
                {matchmaker.email}
              </a>
            </ContactLine>
            <ContactLine icon={<PhoneIcon className="size-5" />}>
              <a href={`tel:${AGENCY_CONTACT.phone.replace(/\s/g, '')}`} className="underline">
                {AGENCY_CONTACT.phone}
              </a>
            </ContactLine>
            <ContactLine icon={<MapPinIcon className="size-5" />}>{AGENCY_CONTACT.location}</ContactLine>
            <ContactLine icon={<ClockIcon className="size-5" />}>{AGENCY_CONTACT.availability}</ContactLine>
          </ul>
        </aside>
      </div>

      {/* As the embed: only for a matchmaker with a scheduling link (spec section 2). */}
      {!hasCalendly && matchmaker.calendly_link && (
        <TestagendaSection matchmakerName={matchmaker.full_name} />
      )}
      {hasCalendly && matchmaker.calendly_link && (
        <Island
          name="scheduler"
          props={{
            url: matchmaker.calendly_link,
            matchmakerName: matchmaker.full_name,
            visitorName: session?.full_name ?? null,
            visitorEmail: session?.email ?? null,
          }}
        />
      )}
    </div>
  );
}

/**
 * Issue 30: on a local install without Calendly (SCHEDULER=demo) the page loads no scheduler from
 * the internet: it says where the local Testagenda is, and the visitor's button leads there (a
 * client to the intake planning, a visitor to sign-up first, staff to their own home).
 */
function TestagendaSection({ matchmakerName }: { matchmakerName: string }) {
  return (
    <section aria-labelledby="plan-gesprek" className="mt-12">
      <h2 id="plan-gesprek" className="font-serif text-2xl font-bold text-stone-900">
        Plan een kennismaking met {matchmakerName}
      </h2>
      <div className="mt-4 rounded-2xl border-2 border-dashed border-amber-400 bg-amber-50/40 p-4 sm:p-6">
        <p className="inline-block rounded-md bg-amber-200 px-2 py-0.5 text-xs font-bold tracking-wide text-amber-950 uppercase">
          Test: geen Calendly
        </p>
        <p className="mt-2 max-w-prose text-stone-800">
          Op deze testinstallatie is Calendly niet ingesteld. Je plant je kennismaking in de{' '}
          {TEST_SCHEDULER_NAME} van Koppel, bij je intakegesprek in je account.
        </p>
        <div className="mt-4">
          <Island name="session-link" props={{ target: 'intake' }} />
        </div>
      </div>
    </section>
  );
}

function Stat({ value, label }: { value: string; label: string }) {
  return (
    <li className="rounded-xl bg-white px-4 py-2 shadow-sm ring-1 ring-stone-200">
      <span className="font-serif text-xl font-bold text-brand-800">{value}</span>{' '}
      <span className="text-sm text-stone-700">{label}</span>
    </li>
  );
}

function ContactLine({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <li className="flex items-start gap-3">
      <span className="mt-0.5 text-brand-700">{icon}</span>
      <span className="min-w-0">{children}</span>
    </li>
  );
}
