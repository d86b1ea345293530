import { ComingSoonPage } from '../../../components/coming-soon-page';

export function ProposedMatchesPage() {
  return (
    <ComingSoonPage
      title="Voorgestelde matches"
      description="De matches die je matchmaker voor je heeft gekozen."
    />
  );
}
