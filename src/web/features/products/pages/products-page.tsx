import { ComingSoonPage } from '../../../components/coming-soon-page';

export function ProductsPage() {
  return <ComingSoonPage title="Diensten" description="Bekijk de lidmaatschappen en kies wat bij je past." />;
}
