import { Outlet } from 'react-router';
import { RequireRole } from '../require-role';
import { ClientShell } from '../shell/client-shell';

/** /dashboard and its children: clients only. */
export function ClientLayout() {
  return (
    <RequireRole allow={['client']}>
      <ClientShell>
        <Outlet />
      </ClientShell>
    </RequireRole>
  );
}
