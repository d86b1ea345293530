import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { toSiteSession, useMe } from '../../../lib/me';
import { usePageTitle } from '../../../lib/use-page-title';
import { matchmakerProfileQueryOptions } from '../../matchmakers/api/matchmakers';
import { MatchmakerProfileView } from '../components/matchmaker-profile-view';
import { pageMetaFor } from '../page-meta';
import { toProfileState } from '../view-states';

/** /{slug} inside the app (client-side navigation and development); the server prerenders it otherwise. */
export function PublicMatchmakerPage() {
  const slug = useParams().slug ?? '';
  const profile = useQuery(matchmakerProfileQueryOptions(slug));
  const me = useMe();
  const session = toSiteSession(me.data);
  const state = toProfileState(profile);
  const meta = pageMetaFor(
    {
      page: 'matchmaker',
      session,
      slug,
      matchmaker: state.status === 'ready' ? state.matchmaker : null,
      error: state.status === 'error' ? state.message : undefined,
    },
    window.location.origin,
  );
  usePageTitle(state.status === 'loading' ? 'Matchmaker profiel laden... | Koppel' : meta.title, {
    full: true,
  });
  return <MatchmakerProfileView state={state} session={session} />;
}
