import type { LoginNotice } from '../../../../shared/site';
import { Alert } from '../../../components/ui/alert';

/** After `DELETE /api/me` (issue 14). */
const ACCOUNT_DELETED_NOTICE =
  'Je account is verwijderd. Je ontvangt nog één laatste e-mail ter bevestiging.';
const VERIFIED_NOTICE = 'Je e-mailadres is bevestigd. Je kunt nu inloggen.';
const INVALID_VERIFICATION_NOTICE =
  'Deze bevestigingslink is ongeldig of verlopen. Log in om een nieuwe bevestigingsmail te ontvangen.';

export function LoginNotices({ notices }: { notices: readonly LoginNotice[] }) {
  return (
    <>
      {notices.includes('account-deleted') && (
        <Alert tone="success" className="mb-5">
          {ACCOUNT_DELETED_NOTICE}
        </Alert>
      )}
      {notices.includes('verified') && (
        <Alert tone="success" className="mb-5">
          {VERIFIED_NOTICE}
        </Alert>
      )}
      {notices.includes('invalid-verification') && (
        <Alert tone="warning" className="mb-5">
          {INVALID_VERIFICATION_NOTICE}
        </Alert>
      )}
    </>
  );
}
