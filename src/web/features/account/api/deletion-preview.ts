import { queryOptions } from '@tanstack/react-query';
import { api, dataOf } from '../../../lib/api';

/** GET /api/me/deletion-preview: what deleting the account forfeits (issue 29). */
export const deletionPreviewQueryOptions = queryOptions({
  queryKey: ['me', 'deletion-preview'] as const,
  queryFn: ({ signal }) =>
    dataOf(api.GET('/api/me/deletion-preview', { signal }), {
      fallbackMessage: 'Wat je verliest, kon niet geladen worden.',
    }),
  staleTime: 0,
});
