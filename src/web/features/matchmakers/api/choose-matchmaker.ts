import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { meQueryKey } from '../../../lib/me';

/** PUT /api/me/matchmaker; the session's profile and the listing's client counts follow. */
export function useChooseMatchmaker() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { matchmaker_id: string; confirm?: boolean }) =>
      apiFetch<{ assigned_matchmaker_id: string; changed: boolean }>('/api/me/matchmaker', {
        method: 'PUT',
        json: input,
      }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: meQueryKey });
      void queryClient.invalidateQueries({ queryKey: ['matchmakers'] });
    },
  });
}
