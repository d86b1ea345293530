import { ComingSoonPage } from '../../../components/coming-soon-page';

export function FeedbackPage() {
  return <ComingSoonPage title="Feedback" description="Laat ons weten hoe het ging." />;
}
