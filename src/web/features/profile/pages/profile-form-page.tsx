import { ComingSoonPage } from '../../../components/coming-soon-page';

export function ProfileFormPage() {
  return <ComingSoonPage title="Profielformulier" description="Vertel ons wie je bent en wat je zoekt." />;
}
