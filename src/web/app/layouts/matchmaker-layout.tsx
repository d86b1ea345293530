import { Outlet } from 'react-router';
import { RequireRole } from '../require-role';
import { MatchmakerShell } from '../shell/matchmaker-shell';

/** /matchmaker and its children: matchmakers only. */
export function MatchmakerLayout() {
  return (
    <RequireRole allow={['matchmaker']}>
      <MatchmakerShell>
        <Outlet />
      </MatchmakerShell>
    </RequireRole>
  );
}
