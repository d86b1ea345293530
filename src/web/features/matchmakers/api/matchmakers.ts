import { queryOptions } from '@tanstack/react-query';
import { api, dataOf } from '../../../lib/api';

/** GET /api/matchmakers: the active matchmakers, in the spec's order. */
export const matchmakersQueryOptions = queryOptions({
  queryKey: ['matchmakers'] as const,
  queryFn: async ({ signal }) => (await dataOf(api.GET('/api/matchmakers', { signal }))).matchmakers,
  staleTime: 60_000,
});

/** GET /api/matchmakers/{slug}: one active matchmaker's public profile. */
export const matchmakerProfileQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: ['matchmakers', slug] as const,
    queryFn: async ({ signal }) =>
      (await dataOf(api.GET('/api/matchmakers/{slug}', { params: { path: { slug } }, signal }))).matchmaker,
    staleTime: 60_000,
  });
