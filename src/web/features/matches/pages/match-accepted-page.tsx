import { ComingSoonPage } from '../../../components/coming-soon-page';

export function MatchAcceptedPage() {
  return <ComingSoonPage title="Match geaccepteerd" description="Jullie hebben allebei ja gezegd." />;
}
