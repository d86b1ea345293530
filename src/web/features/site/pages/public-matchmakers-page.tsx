import { useQuery } from '@tanstack/react-query';
import { toSiteSession, useMe } from '../../../lib/me';
import { usePageTitle } from '../../../lib/use-page-title';
import { matchmakersQueryOptions } from '../../matchmakers/api/matchmakers';
import { MatchmakersListView } from '../components/matchmakers-list-view';
import { pageMetaFor } from '../page-meta';
import { toMatchmakersState } from '../view-states';

/** /matchmakers inside the app (client-side navigation and development); the server prerenders it otherwise. */
export function PublicMatchmakersPage() {
  const me = useMe();
  const matchmakers = useQuery(matchmakersQueryOptions);
  const session = toSiteSession(me.data);
  usePageTitle(pageMetaFor({ page: 'matchmakers', session, matchmakers: [] }, window.location.origin).title, {
    full: true,
  });
  return <MatchmakersListView state={toMatchmakersState(matchmakers)} session={session} />;
}
