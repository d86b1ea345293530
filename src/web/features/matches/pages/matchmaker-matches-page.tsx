import { ComingSoonPage } from '../../../components/coming-soon-page';

export function MatchmakerMatchesPage() {
  return <ComingSoonPage title="Matches" description="Stel matches voor en volg ze op." />;
}
