import { ComingSoonPage } from '../../../components/coming-soon-page';

export function MatchmakersPage() {
  return <ComingSoonPage title="Matchmakers" description="Maak kennis met onze matchmakers." />;
}
