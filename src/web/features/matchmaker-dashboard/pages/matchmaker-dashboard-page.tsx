import { ComingSoonPage } from '../../../components/coming-soon-page';

export function MatchmakerDashboardPage() {
  return <ComingSoonPage title="Dashboard" description="Een overzicht van je klanten, matches en taken." />;
}
