import { ComingSoonPage } from '../../../components/coming-soon-page';

export function MagicMatchPage() {
  return (
    <ComingSoonPage title="Magic Match" description="Vind de best passende kandidaten voor een klant." />
  );
}
