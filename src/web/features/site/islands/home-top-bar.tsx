import { useEffect, useRef } from 'react';
import { ROUTES } from '../../../../shared/routes';
import { Button, ButtonLink } from '../../../components/ui/button';
import { AppLink } from '../../../lib/app-link';
import { homePathForRole, matchmakersListPath } from '../../../lib/home-path';
import { HOME_ANCHORS } from '../components/home-content';
import { MatchmakersDropdown, type MatchmakersState } from '../components/matchmakers-dropdown';
import { SiteMenu } from '../components/site-menu';
import { useSiteVisitor } from './site-visitor';

/**
 * The landing page's top bar actions (an island): the matchmakers dropdown, 'Dashboard' and
 * 'Uitloggen' for a signed-in visitor or 'Inloggen' and 'Word gratis lid', and the narrow-screen menu.
 */
export function HomeTopBarActions({ matchmakers }: { matchmakers: MatchmakersState }) {
  const { session, signOut, isSigningOut } = useSiteVisitor();
  const joinLinkRef = useRef<HTMLDivElement>(null);
  const wasSignedIn = useRef(session !== null);
  // The log-out button disappears with the session: keep keyboard focus in the top bar.
  useEffect(() => {
    if (wasSignedIn.current && !session)
      joinLinkRef.current?.querySelector<HTMLElement>(`a[href="${ROUTES.signUp}"]`)?.focus();
    wasSignedIn.current = session !== null;
  }, [session]);

  return (
    <>
      <MatchmakersDropdown state={matchmakers} allPath={matchmakersListPath(session?.role)} />
      {session ? (
        <>
          <ButtonLink to={homePathForRole(session.role)} variant="secondary" className="max-sm:px-3!">
            Dashboard
          </ButtonLink>
          <Button variant="ghost" onClick={signOut} isBusy={isSigningOut} className="max-sm:px-3!">
            Uitloggen
          </Button>
        </>
      ) : (
        <div ref={joinLinkRef} className="contents">
          <AppLink
            to={ROUTES.login}
            className="hidden rounded-xl px-3 py-2 text-sm font-semibold text-stone-800 hover:bg-brand-50 sm:inline-flex"
          >
            Inloggen
          </AppLink>
          <ButtonLink to={ROUTES.signUp} className="max-sm:px-3!">
            Word gratis lid
          </ButtonLink>
        </div>
      )}
      <SiteMenu anchors={HOME_ANCHORS} isSignedIn={session !== null} className="lg:hidden" />
    </>
  );
}
