import { useQuery } from '@tanstack/react-query';
import { usePageTitle } from '../../../lib/use-page-title';
import { toSiteSession, useMe } from '../../auth/api/me';
import { useSignOut } from '../../auth/api/use-sign-out';
import { matchmakersQueryOptions, toMatchmakersState } from '../../matchmakers/api/matchmakers';
import { pageMetaFor } from '../../seo/page-meta';
import { HomeView } from '../components/home-view';

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
