import { ComingSoonPage } from '../../../components/coming-soon-page';

export function QuizPage() {
  return (
    <ComingSoonPage
      title="Persoonlijkheidsquiz"
      description="Ontdek meer over jezelf en wat je zoekt in een partner."
    />
  );
}
