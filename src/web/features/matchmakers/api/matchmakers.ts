import { queryOptions, type UseQueryResult } from '@tanstack/react-query';
import type { MatchmakerProfile, MatchmakerSummary } from '../../../../shared/matchmakers';
import { ApiError, apiFetch } from '../../../lib/api';
import type { MatchmakerProfileState } from '../components/matchmaker-profile-view';
import type { MatchmakersState } from '../components/matchmakers-dropdown';

export const matchmakersQueryOptions = queryOptions({
  queryKey: ['matchmakers'] as const,
  queryFn: async ({ signal }) =>
    (await apiFetch<{ matchmakers: MatchmakerSummary[] }>('/api/matchmakers', { signal })).matchmakers,
  staleTime: 60_000,
});

export const matchmakerProfileQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: ['matchmakers', slug] as const,
    queryFn: async ({ signal }) =>
      (
        await apiFetch<{ matchmaker: MatchmakerProfile }>(`/api/matchmakers/${encodeURIComponent(slug)}`, {
          signal,
        })
      ).matchmaker,
    staleTime: 60_000,
  });

export function toMatchmakersState(query: UseQueryResult<MatchmakerSummary[]>): MatchmakersState {
  if (query.data) return { status: 'ready', matchmakers: query.data };
  if (query.error) return { status: 'error', message: query.error.message };
  return { status: 'loading' };
}

/** An unknown or inactive slug (404, and 400 for a slug the rule cannot produce) is "not found". */
export function toProfileState(query: UseQueryResult<MatchmakerProfile>): MatchmakerProfileState {
  if (query.data) return { status: 'ready', matchmaker: query.data };
  if (query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400)) {
    return { status: 'not-found' };
  }
  if (query.error) return { status: 'error', message: query.error.message };
  return { status: 'loading' };
}
