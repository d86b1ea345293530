import { type ReactNode, useMemo } from 'react';
import { formatEuro } from '../../../../shared/format';
import type { SiteSession } from '../../../../shared/site';
import { TIER_CATALOGUE, type TierInfo } from '../../../../shared/tiers';
import { SiteFooter } from '../../../components/site-footer';
import { CheckIcon, HeartIcon } from '../../../components/ui/icons';
import { Logo } from '../../../components/ui/logo';
import { MAIN_CONTENT_ID } from '../../../components/ui/skip-link';
import { Island } from '../islands/island';
import { SiteVisitorProvider } from '../islands/site-visitor';
import { ABOUT_VALUES, HOME_ANCHORS, JOURNEY_STEPS, PRESS_QUOTES, TESTIMONIALS } from './home-content';
import { MatchmakerCards } from './matchmaker-cards';
import type { MatchmakersState } from './matchmakers-dropdown';

export interface HomeViewProps {
  matchmakers: MatchmakersState;
  session: SiteSession | null;
  onSignOut: () => void;
  isSigningOut: boolean;
}

/**
 * The landing page (spec section 2 "Landing page"). Prerendered, only its islands (the top bar's
 * actions and the buttons that follow the session) are hydrated; inside the app it is one tree.
 */
export function HomeView({ matchmakers, session, onSignOut, isSigningOut }: HomeViewProps) {
  const visitor = useMemo(
    () => ({ session, signOut: onSignOut, isSigningOut }),
    [session, onSignOut, isSigningOut],
  );
  return (
    <SiteVisitorProvider value={visitor}>
      <div className="flex min-h-dvh flex-col">
        <Island name="skip-link" props={{}} />
        <header className="z-20 border-b sm:sticky sm:top-0 border-stone-200 bg-white/95 backdrop-blur">
          <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-2 gap-y-2 px-4 py-3 sm:gap-x-3 sm:px-6">
            <Logo />
            <nav aria-label="Op deze pagina" className="hidden lg:block">
              <ul className="flex gap-1">
                {HOME_ANCHORS.map((anchor) => (
                  <li key={anchor.id}>
                    <a
                      href={`#${anchor.id}`}
                      className="rounded-xl px-3 py-2 text-sm font-semibold text-stone-700 hover:bg-brand-50 hover:text-brand-900"
                    >
                      {anchor.label}
                    </a>
                  </li>
                ))}
              </ul>
            </nav>
            <div className="flex flex-wrap items-center gap-1 sm:gap-2">
              <Island name="home-top-bar" props={{ matchmakers }} />
            </div>
          </div>
        </header>
        <HomeMain matchmakers={matchmakers} />
        <SiteFooter />
      </div>
    </SiteVisitorProvider>
  );
}

function HomeMain({ matchmakers }: { matchmakers: MatchmakersState }) {
  return (
    <main id={MAIN_CONTENT_ID} tabIndex={-1} className="flex-1 outline-none">
      <section className="overflow-hidden bg-gradient-to-b from-brand-50 via-white to-white">
        <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-14 sm:px-6 sm:py-20 lg:grid-cols-[1.2fr_1fr]">
          <div>
            <p className="text-sm font-semibold tracking-wide text-brand-800 uppercase">
              Matchmaking voor singles in België
            </p>
            <h1 className="mt-3 font-serif text-4xl leading-tight font-bold text-stone-900 sm:text-5xl lg:text-6xl">
              Iemand ontmoeten die écht bij je past
            </h1>
            <p className="mt-5 max-w-xl text-lg leading-relaxed text-stone-700">
              Geen eindeloos swipen, wel een matchmaker die de tijd neemt om je te leren kennen. Wij stellen
              je voor aan mensen met wie het klikt, en begeleiden je van de eerste date tot verder.
            </p>
            <Island name="hero-actions" props={{}} />
          </div>
          <HeroArt />
        </div>
      </section>

      <Section id="hoe-het-werkt" title="Hoe het werkt" intro="Vier stappen, in jouw tempo.">
        <ol className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {JOURNEY_STEPS.map((step, index) => (
            <li key={step.title} className="rounded-2xl border border-stone-200 bg-white p-6 shadow-sm">
              <span
                aria-hidden="true"
                className="flex size-10 items-center justify-center rounded-full bg-brand-700 font-bold text-white"
              >
                {index + 1}
              </span>
              <h3 className="mt-4 text-lg font-semibold text-stone-900">{step.title}</h3>
              <p className="mt-2 leading-relaxed text-stone-700">{step.text}</p>
            </li>
          ))}
        </ol>
        <div className="mt-10 text-center">
          <Island name="session-link" props={{ target: 'intake', size: 'lg' }} />
        </div>
      </Section>

      <Section
        id="lidmaatschap"
        title="Lidmaatschap"
        intro="Kies wat bij je past. Je betaalt één keer, zonder abonnement of verborgen kosten."
        className="bg-stone-100"
      >
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {TIER_CATALOGUE.map((tier) => (
            <TierCard key={tier.tier} tier={tier}>
              {tier.tier === 'Relax' && (
                <Island
                  name="session-link"
                  props={{ target: 'primary', variant: 'secondary', className: 'w-full' }}
                />
              )}
              {tier.tier === 'Relax+' && (
                <Island name="session-link" props={{ target: 'relaxPlus', className: 'w-full' }} />
              )}
              {(tier.tier === 'Persoonlijk' || tier.tier === 'Persoonlijk+') && (
                <Island
                  name="session-link"
                  props={{ target: 'intake', variant: 'secondary', className: 'w-full' }}
                />
              )}
            </TierCard>
          ))}
        </ul>
      </Section>

      <Section id="ervaringen" title="Ervaringen" intro="Wat onze leden over Koppel vertellen.">
        <ul className="grid gap-6 md:grid-cols-3">
          {TESTIMONIALS.map((testimonial) => (
            <li key={testimonial.name}>
              <figure className="h-full rounded-2xl border border-stone-200 bg-white p-6 shadow-sm">
                <HeartIcon className="size-6 text-brand-600" />
                <blockquote className="mt-3 leading-relaxed text-stone-800">“{testimonial.quote}”</blockquote>
                <figcaption className="mt-4 text-sm font-semibold text-stone-900">
                  {testimonial.name}{' '}
                  <span className="font-normal text-stone-600">uit {testimonial.place}</span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
        <h3 className="mt-14 text-center text-sm font-semibold tracking-wide text-stone-600 uppercase">
          In de pers
        </h3>
        <ul className="mt-6 grid gap-6 md:grid-cols-3">
          {PRESS_QUOTES.map((press) => (
            <li key={press.source}>
              <figure className="text-center">
                <blockquote className="font-serif text-lg text-stone-800 italic">“{press.quote}”</blockquote>
                <figcaption className="mt-2 text-sm font-semibold text-brand-800">{press.source}</figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </Section>

      <Section
        id="over-ons"
        title="Over ons"
        intro="Koppel is een Belgisch matchmakingbureau met een klein team van ervaren matchmakers. We geloven dat liefde geen algoritme is, maar dat een goede matchmaker met de juiste hulpmiddelen het verschil maakt."
        className="bg-white"
      >
        <ul className="grid gap-6 md:grid-cols-3">
          {ABOUT_VALUES.map((value) => (
            <li key={value.title} className="rounded-2xl bg-brand-50 p-6">
              <h3 className="font-serif text-xl font-bold text-brand-900">{value.title}</h3>
              <p className="mt-2 leading-relaxed text-stone-800">{value.text}</p>
            </li>
          ))}
        </ul>
        <h3 id="team" className="mt-14 text-center font-serif text-2xl font-bold text-stone-900">
          Ons team
        </h3>
        <Team state={matchmakers} />
      </Section>

      <section className="bg-brand-900 text-white">
        <div className="mx-auto flex max-w-6xl flex-col items-center gap-6 px-4 py-14 text-center sm:px-6">
          <h2 className="font-serif text-3xl font-bold">Klaar om iemand nieuw te leren kennen?</h2>
          <p className="max-w-2xl text-brand-50">
            Word vandaag gratis lid en ontdek of persoonlijke matchmaking iets voor jou is.
          </p>
          <Island name="session-link" props={{ target: 'primary', size: 'lg', variant: 'secondary' }} />
        </div>
      </section>
    </main>
  );
}

function Section({
  id,
  title,
  intro,
  className,
  children,
}: {
  id: string;
  title: string;
  intro: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section id={id} aria-labelledby={`${id}-titel`} className={`scroll-mt-20 ${className ?? ''}`}>
      <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
        <h2
          id={`${id}-titel`}
          className="text-center font-serif text-3xl font-bold text-stone-900 sm:text-4xl"
        >
          {title}
        </h2>
        <p className="mx-auto mt-3 mb-10 max-w-2xl text-center text-lg text-stone-700">{intro}</p>
        {children}
      </div>
    </section>
  );
}

function TierCard({ tier, children }: { tier: TierInfo; children: ReactNode }) {
  const isFeatured = tier.tier === 'Persoonlijk';
  return (
    <li
      className={`flex flex-col rounded-2xl bg-white p-6 shadow-sm ${
        isFeatured ? 'ring-2 ring-brand-700' : 'border border-stone-200'
      }`}
    >
      <h3 className="font-serif text-2xl font-bold text-stone-900">{tier.name}</h3>
      {isFeatured && <p className="mt-1 text-sm font-semibold text-brand-800">Meest gekozen</p>}
      <p className="mt-3 text-3xl font-bold text-stone-900">
        {tier.price === 0 ? 'Gratis' : formatEuro(tier.price)}
      </p>
      <p className="text-sm text-stone-600">{tier.price === 0 ? 'altijd' : 'eenmalige betaling'}</p>
      <p className="mt-4 text-stone-700">{tier.description}</p>
      <ul className="mt-4 mb-6 flex-1 space-y-2 text-sm text-stone-800">
        {tier.includes.map((item) => (
          <li key={item} className="flex gap-2">
            <CheckIcon className="mt-0.5 size-4 shrink-0 text-brand-700" />
            {item}
          </li>
        ))}
      </ul>
      {children}
    </li>
  );
}

function Team({ state }: { state: MatchmakersState }) {
  if (state.status === 'loading') {
    return (
      <p role="status" className="mt-6 text-center text-stone-700">
        Matchmakers laden...
      </p>
    );
  }
  if (state.status === 'error') {
    return (
      <p role="alert" className="mt-6 text-center text-red-800">
        {state.message}
      </p>
    );
  }
  if (state.matchmakers.length === 0) {
    return <p className="mt-6 text-center text-stone-700">Ons team stelt zich binnenkort aan je voor.</p>;
  }
  return <MatchmakerCards matchmakers={state.matchmakers} headingLevel="h4" className="mt-8" />;
}

/** Decorative: two overlapping hearts on soft circles. */
function HeroArt() {
  return (
    <div aria-hidden="true" className="relative mx-auto hidden aspect-square w-full max-w-sm lg:block">
      <div className="absolute inset-0 rounded-full bg-brand-100" />
      <div className="absolute inset-10 rounded-full bg-white shadow-xl" />
      <HeartIcon className="absolute top-[30%] left-[22%] size-32 text-brand-600" />
      <HeartIcon className="absolute top-[42%] left-[42%] size-28 text-brand-300" />
    </div>
  );
}
