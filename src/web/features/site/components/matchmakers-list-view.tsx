import { ROUTES } from '../../../../shared/routes';
import type { SiteSession } from '../../../../shared/site';
import { ButtonLink } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { MatchmakerCards } from './matchmaker-cards';
import type { MatchmakersState } from './matchmakers-dropdown';
import { PublicPageFrame } from './public-page-frame';

/** /matchmakers: every active matchmaker, for visitors ('Bekijk alle matchmakers'). */
export function MatchmakersListView({
  state,
  session,
}: {
  state: MatchmakersState;
  session: SiteSession | null;
}) {
  return (
    <PublicPageFrame>
      <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 sm:py-16">
        <h1 className="text-center font-serif text-3xl font-bold text-stone-900 sm:text-4xl">
          Onze matchmakers
        </h1>
        <p className="mx-auto mt-3 mb-10 max-w-2xl text-center text-lg text-stone-700">
          Ervaren matchmakers die de tijd nemen om je te leren kennen. Bekijk hun profiel en plan een gesprek
          met wie je aanspreekt.
        </p>
        <ListContent state={state} />
        <div className="mt-12 text-center">
          {session ? null : (
            <ButtonLink to={ROUTES.signUp} size="lg">
              Word gratis lid
            </ButtonLink>
          )}
        </div>
      </div>
    </PublicPageFrame>
  );
}

function ListContent({ state }: { state: MatchmakersState }) {
  if (state.status === 'loading') return <Spinner label="Matchmakers laden..." className="py-16" />;
  if (state.status === 'error') {
    return (
      <p role="alert" className="text-center text-red-800">
        {state.message}
      </p>
    );
  }
  if (state.matchmakers.length === 0) {
    return <p className="text-center text-stone-700">Geen matchmakers gevonden</p>;
  }
  return <MatchmakerCards matchmakers={state.matchmakers} headingLevel="h2" />;
}
