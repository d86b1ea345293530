import { queryOptions } from '@tanstack/react-query';
import type { DashboardResponse } from '../../../../shared/workspace';
import { apiFetch } from '../../../lib/api';

export const dashboardQueryOptions = (matchmakerId?: string) =>
  queryOptions({
    queryKey: ['workspace-dashboard', matchmakerId ?? 'all'] as const,
    queryFn: ({ signal }) =>
      apiFetch<DashboardResponse>(
        `/api/matchmaker/dashboard${matchmakerId ? `?matchmaker_id=${encodeURIComponent(matchmakerId)}` : ''}`,
        { signal, fallbackMessage: 'Het dashboard kon niet geladen worden.' },
      ),
    refetchInterval: 60_000,
  });
