import { ROUTES } from '../../../../shared/routes';
import { PublicLayout } from '../../../app/public-layout';
import { Button, ButtonLink } from '../../../components/ui/button';
import { HeartIcon } from '../../../components/ui/icons';
import { homePathForRole } from '../../../lib/home-path';
import { usePageTitle } from '../../../lib/use-page-title';
import { useMe } from '../../auth/api/me';
import { useSignOut } from '../../auth/api/use-sign-out';

const STEPS = [
  {
    title: 'Word lid van de community',
    text: 'Start gratis met Relax: maak je profiel aan en ontdek activiteiten voor singles.',
  },
  {
    title: 'Persoonlijk intakegesprek',
    text: 'Je matchmaker leert je kennen: wie je bent, wat je zoekt en wat voor jou belangrijk is.',
  },
  {
    title: 'Slim samengebracht',
    text: 'Onze technologie helpt je matchmaker je eigenschappen en voorkeuren scherp te krijgen.',
  },
  {
    title: 'Begeleid daten',
    text: 'Je ontmoet zorgvuldig gekozen matches en krijgt na elke date persoonlijke feedback.',
  },
] as const;

export function HomePage() {
  usePageTitle('Koppel | Matchmaking voor singles in België', { full: true });
  const me = useMe();
  const { signOut, isPending: isSigningOut } = useSignOut();
  const user = me.data?.user;
  const accountPath = homePathForRole(me.data?.profile?.role);

  return (
    <PublicLayout
      headerEnd={
        user ? (
          <Button variant="secondary" onClick={() => void signOut()} isBusy={isSigningOut}>
            Uitloggen
          </Button>
        ) : undefined
      }
    >
      <section className="bg-gradient-to-b from-brand-50 via-white to-stone-50">
        <div className="mx-auto flex max-w-6xl flex-col items-center px-4 py-16 text-center sm:px-6 sm:py-24">
          <HeartIcon className="size-12 text-brand-700" />
          <h1 className="mt-4 font-serif text-5xl font-bold tracking-tight text-brand-900 sm:text-6xl">
            Koppel
          </h1>
          <p className="mt-4 max-w-2xl text-xl text-stone-800">
            Matchmaking met een persoonlijke aanpak voor singles in België.
          </p>
          <p className="mt-3 max-w-2xl text-stone-700">
            Geen eindeloos swipen, maar echte aandacht: ervaren matchmakers leren je kennen en stellen je voor
            aan mensen die écht bij je passen.
          </p>
          <div className="mt-8 flex w-full flex-col justify-center gap-3 sm:w-auto sm:flex-row">
            {user ? (
              <ButtonLink to={accountPath} size="lg">
                Naar mijn account
              </ButtonLink>
            ) : (
              <>
                <ButtonLink to={ROUTES.signUp} size="lg">
                  Word gratis lid
                </ButtonLink>
                <ButtonLink to={ROUTES.login} size="lg" variant="secondary">
                  Inloggen
                </ButtonLink>
              </>
            )}
          </div>
        </div>
      </section>

      <section aria-labelledby="zo-werkt-het" className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
        <h2 id="zo-werkt-het" className="text-center font-serif text-3xl font-bold text-stone-900">
          Zo werkt het
        </h2>
        <ol className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {STEPS.map((step, index) => (
            <li key={step.title} className="rounded-2xl border border-stone-200 bg-white p-6 shadow-sm">
              <span
                aria-hidden="true"
                className="flex size-10 items-center justify-center rounded-full bg-brand-700 font-bold text-white"
              >
                {index + 1}
              </span>
              <h3 className="mt-4 text-lg font-semibold text-stone-900">{step.title}</h3>
              <p className="mt-2 text-stone-700">{step.text}</p>
            </li>
          ))}
        </ol>
      </section>
    </PublicLayout>
  );
}
