import { ComingSoonPage } from '../../../components/coming-soon-page';

export function ChangePasswordPage() {
  return (
    <ComingSoonPage title="Wachtwoord wijzigen" description="Kies een nieuw wachtwoord voor je account." />
  );
}
