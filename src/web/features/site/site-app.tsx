import { useState } from 'react';
import type { SitePageData } from '../../../shared/site';
import { signOutRequest } from '../../lib/sign-out-request';
import { HomeView } from './components/home-view';
import { type MatchmakerProfileState, MatchmakerProfileView } from './components/matchmaker-profile-view';
import { MatchmakersListView } from './components/matchmakers-list-view';
import { PrivacyView } from './components/privacy-view';

function profileState(data: Extract<SitePageData, { page: 'matchmaker' }>): MatchmakerProfileState {
  if (data.matchmaker) return { status: 'ready', matchmaker: data.matchmaker };
  if (data.error) return { status: 'error', message: data.error };
  return { status: 'not-found' };
}

/**
 * A prerendered public page (the landing page or a matchmaker page), rendered on the server and
 * hydrated in the browser from the same data. It ships without the app's router and data layer.
 */
export function SiteApp({ data }: { data: SitePageData }) {
  const [session, setSession] = useState(data.session);
  const [isSigningOut, setIsSigningOut] = useState(false);

  if (data.page === 'matchmaker')
    return <MatchmakerProfileView state={profileState(data)} session={session} />;
  if (data.page === 'privacy') return <PrivacyView />;
  if (data.page === 'matchmakers')
    return (
      <MatchmakersListView state={{ status: 'ready', matchmakers: data.matchmakers }} session={session} />
    );

  const signOut = async () => {
    setIsSigningOut(true);
    await signOutRequest();
    setSession(null);
    setIsSigningOut(false);
  };
  return (
    <HomeView
      matchmakers={{ status: 'ready', matchmakers: data.matchmakers }}
      session={session}
      onSignOut={() => void signOut()}
      isSigningOut={isSigningOut}
    />
  );
}
