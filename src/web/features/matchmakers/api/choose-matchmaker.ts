import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiBody, api, dataOf } from '../../../lib/api';
import { meQueryKey } from '../../../lib/me';

/** PUT /api/me/matchmaker; the session's profile and the listing's client counts follow. */
export function useChooseMatchmaker() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ApiBody<'/api/me/matchmaker', 'put'>) =>
      dataOf(api.PUT('/api/me/matchmaker', { body })),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: meQueryKey });
      void queryClient.invalidateQueries({ queryKey: ['matchmakers'] });
    },
  });
}
