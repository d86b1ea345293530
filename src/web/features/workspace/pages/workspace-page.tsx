import { ComingSoonPage } from '../../../components/coming-soon-page';

export function WorkspacePage() {
  return <ComingSoonPage title="Dashboard" description="Een overzicht van je klanten, matches en taken." />;
}
