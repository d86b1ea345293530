import { ComingSoonPage } from '../../../components/coming-soon-page';

export function MagicMatchResultsPage() {
  return (
    <ComingSoonPage
      title="Magic Match-resultaten"
      description="De best passende kandidaten voor deze klant."
    />
  );
}
