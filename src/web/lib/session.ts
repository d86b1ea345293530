import { createContext, useContext } from 'react';
import type { UserProfile } from '../../shared/account';

export interface Session {
  user: { id: string; email: string };
  profile: UserProfile;
}

export const SessionContext = createContext<Session | null>(null);

/** The signed-in user and profile; only inside RequireRole. */
export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession is only available inside RequireRole');
  return session;
}
