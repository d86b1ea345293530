import { ComingSoonPage } from '../../../components/coming-soon-page';

export function IntakeFeedbackPage() {
  return <ComingSoonPage title="Intake feedback" description="Wat klanten vinden van hun intakegesprek." />;
}
