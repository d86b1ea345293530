import { useQuery } from '@tanstack/react-query';
import { toSiteSession, useMe } from '../../../lib/me';
import { usePageTitle } from '../../../lib/use-page-title';
import { useSignOut } from '../../../lib/use-sign-out';
import { matchmakersQueryOptions } from '../../matchmakers/api/matchmakers';
import { HomeView } from '../components/home-view';
import { pageMetaFor } from '../page-meta';
import { toMatchmakersState } from '../view-states';

/** `/` inside the app (client-side navigation and development); the server prerenders it otherwise. */
export function HomePage() {
  const me = useMe();
  const matchmakers = useQuery(matchmakersQueryOptions);
  const { signOut, isPending } = useSignOut();
  const session = toSiteSession(me.data);
  usePageTitle(pageMetaFor({ page: 'home', session, matchmakers: [] }, window.location.origin).title, {
    full: true,
  });
  return (
    <HomeView
      matchmakers={toMatchmakersState(matchmakers)}
      session={session}
      onSignOut={() => void signOut()}
      isSigningOut={isPending}
    />
  );
}
