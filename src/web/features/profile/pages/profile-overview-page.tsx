import { ComingSoonPage } from '../../../components/coming-soon-page';

export function ProfileOverviewPage() {
  return <ComingSoonPage title="Mijn profiel" description="Een overzicht van je profiel." />;
}
