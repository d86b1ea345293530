import { Outlet } from 'react-router';
import type { Role } from '../../../shared/domain';
import { RequireRole } from '../../components/require-role';
import { useSession } from '../../lib/session';
import { NAVIGATION } from '../navigation';
import { AppShell } from '../shell/app-shell';

function ShellForRole() {
  const { profile } = useSession();
  return (
    <AppShell navigation={NAVIGATION[profile.role]}>
      <Outlet />
    </AppShell>
  );
}

/**
 * A guarded area: the roles in `allow` (lib/home-path.ts ACCESS) see its pages inside the shell
 * of their own role; anyone else gets the guard's answer.
 */
export function RoleLayout({ allow }: { allow: readonly Role[] }) {
  return (
    <RequireRole allow={allow}>
      <ShellForRole />
    </RequireRole>
  );
}
