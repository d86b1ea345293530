import { queryOptions, useQuery } from '@tanstack/react-query';
import { FALLBACK_MESSAGES } from '../../../../shared/messages';
import { api, dataOf } from '../../../lib/api';

export const proposedMatchesQueryKey = ['proposed-matches'] as const;

export const proposedMatchesQueryOptions = queryOptions({
  queryKey: proposedMatchesQueryKey,
  queryFn: async ({ signal }) => {
    const body = await dataOf(api.GET('/api/me/proposed-matches', { signal }), {
      fallbackMessage: FALLBACK_MESSAGES.fetchProposedMatches,
    });
    return body.matches;
  },
});

/** The navigation badge: the number of the client's proposed matches (spec section 2). */
export function useProposedMatchCount(): number {
  const { data } = useQuery({ ...proposedMatchesQueryOptions, select: (matches) => matches.length });
  return data ?? 0;
}
