import { ComingSoonPage } from '../../../components/coming-soon-page';

export function MagicMatchOverviewPage() {
  return (
    <ComingSoonPage title="Magic Match-overzicht" description="Het profiel van de klant in één oogopslag." />
  );
}
