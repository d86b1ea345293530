import { PageHeader } from '../../../components/ui/page-header';
import { usePageTitle } from '../../../lib/use-page-title';
import { StaffIntakes } from '../../intake/components/staff-intakes';

/** /matchmaker: the matchmaker's dashboard; for now their intakes (issue 13). */
export function WorkspacePage() {
  usePageTitle('Dashboard');
  return (
    <>
      <PageHeader
        title="Dashboard"
        description="Je intakegesprekken: wie je binnenkort spreekt, en wat je afrondde."
      />
      <StaffIntakes />
    </>
  );
}
