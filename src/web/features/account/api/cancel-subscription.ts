import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MeResponse } from '../../../../shared/account';
import { api, dataOf } from '../../../lib/api';
import { meQueryKey } from '../../../lib/me';

/**
 * POST /api/me/subscription/cancel: the tier goes back to Relax at once. The answer's profile
 * replaces the session's, so the shell's banner and every page show the new state straight away.
 */
export function useCancelSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const body = await dataOf(api.POST('/api/me/subscription/cancel'));
      return body.profile;
    },
    onSuccess: (profile) => {
      queryClient.setQueryData<MeResponse | null>(meQueryKey, (me) => (me ? { ...me, profile } : me));
      void queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
  });
}
