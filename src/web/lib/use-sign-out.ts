import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { ROUTES } from '../../shared/routes';
import { meQueryKey } from './me';
import { signOutRequest } from './sign-out-request';

let signingOut = false;

/**
 * True while a sign-out is leaving a guarded page, so the guard shows its spinner instead of
 * sending the user to /inloggen on the way to /.
 */
export function isSigningOut(): boolean {
  return signingOut;
}

export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [isPending, setIsPending] = useState(false);

  const signOut = useCallback(async () => {
    setIsPending(true);
    await signOutRequest();
    signingOut = true;
    try {
      await queryClient.cancelQueries();
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== meQueryKey[0] });
      queryClient.setQueryData(meQueryKey, null);
      await navigate(ROUTES.home, { flushSync: true });
    } finally {
      signingOut = false;
      setIsPending(false);
    }
  }, [navigate, queryClient]);

  return { signOut, isPending };
}
