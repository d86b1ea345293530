import { ComingSoonPage } from '../../../components/coming-soon-page';

export function QuizResultsPage() {
  return <ComingSoonPage title="Quizresultaten" description="De uitkomst van je persoonlijkheidsquiz." />;
}
