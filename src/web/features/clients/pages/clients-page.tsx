import { ComingSoonPage } from '../../../components/coming-soon-page';

export function ClientsPage() {
  return <ComingSoonPage title="Klanten" description="Alle klanten die je begeleidt." />;
}
