import { queryOptions } from '@tanstack/react-query';
import { api, dataOf } from '../../../lib/api';

export const dashboardQueryOptions = (matchmakerId?: string) =>
  queryOptions({
    queryKey: ['workspace-dashboard', matchmakerId ?? 'all'] as const,
    queryFn: ({ signal }) =>
      dataOf(
        api.GET('/api/matchmaker/dashboard', { params: { query: { matchmaker_id: matchmakerId } }, signal }),
        {
          fallbackMessage: 'Het dashboard kon niet geladen worden.',
        },
      ),
    refetchInterval: 60_000,
  });
