import { Outlet } from 'react-router';
import { ROLES } from '../../../shared/domain';
import { RequireRole } from '../require-role';
import { useSession } from '../session';
import { ClientShell } from '../shell/client-shell';
import { MatchmakerShell } from '../shell/matchmaker-shell';

function ShellForRole() {
  const { profile } = useSession();
  const Shell = profile.role === 'client' ? ClientShell : MatchmakerShell;
  return (
    <Shell>
      <Outlet />
    </Shell>
  );
}

/**
 * /dashboard/settings and /dashboard/change-password: every role (the matchmaker shell links to
 * them), inside the shell that belongs to the role.
 */
export function AccountLayout() {
  return (
    <RequireRole allow={ROLES}>
      <ShellForRole />
    </RequireRole>
  );
}
