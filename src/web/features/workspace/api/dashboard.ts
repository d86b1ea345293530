import { queryOptions } from '@tanstack/react-query';
import { api, dataOf } from '../../../lib/api';
import { workspaceDashboardQueryKey } from '../../../lib/workspace-dashboard-key';

export const dashboardQueryOptions = (matchmakerId?: string) =>
  queryOptions({
    queryKey: [...workspaceDashboardQueryKey, matchmakerId ?? 'all'] as const,
    queryFn: ({ signal }) =>
      dataOf(
        api.GET('/api/matchmaker/dashboard', { params: { query: { matchmaker_id: matchmakerId } }, signal }),
        {
          fallbackMessage: 'Het dashboard kon niet geladen worden.',
        },
      ),
    refetchInterval: 60_000,
  });
