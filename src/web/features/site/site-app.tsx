import type { PublicPageData } from '../../../shared/site';
import { HomeView } from './components/home-view';
import { type MatchmakerProfileState, MatchmakerProfileView } from './components/matchmaker-profile-view';
import { MatchmakersListView } from './components/matchmakers-list-view';
import { PrivacyView } from './components/privacy-view';
import { TermsView } from './components/terms-view';

function profileState(data: Extract<PublicPageData, { page: 'matchmaker' }>): MatchmakerProfileState {
  if (data.matchmaker) return { status: 'ready', matchmaker: data.matchmaker };
  if (data.error) return { status: 'error', message: data.error };
  return { status: 'not-found' };
}

/** Signing out happens in the browser, in the islands (islands/hydrate-islands.tsx). */
const signOutInBrowser = () => {};

/**
 * A prerendered public page (the landing page, a matchmaker page, the list, the privacy
 * statement), rendered on the server only: the browser hydrates just its islands.
 */
export function SiteApp({ data }: { data: PublicPageData }) {
  if (data.page === 'matchmaker')
    return <MatchmakerProfileView state={profileState(data)} session={data.session} />;
  if (data.page === 'privacy') return <PrivacyView />;
  if (data.page === 'terms') return <TermsView />;
  if (data.page === 'matchmakers')
    return (
      <MatchmakersListView
        state={{ status: 'ready', matchmakers: data.matchmakers }}
        session={data.session}
      />
    );
  return (
    <HomeView
      matchmakers={{ status: 'ready', matchmakers: data.matchmakers }}
      session={data.session}
      onSignOut={signOutInBrowser}
      isSigningOut={false}
    />
  );
}
