import { ComingSoonPage } from '../../../components/coming-soon-page';

export function IntakePlanningPage() {
  return (
    <ComingSoonPage
      title="Intakegesprek plannen"
      description="Plan een kennismakingsgesprek met je matchmaker."
    />
  );
}
