import { queryOptions } from '@tanstack/react-query';
import { api, dataOf } from '../../../lib/api';

/** GET /api/admin/funnel: per sign-up month, how far the clients got (issue 29, decision 032). */
export const funnelQueryOptions = queryOptions({
  queryKey: ['admin', 'funnel'] as const,
  queryFn: ({ signal }) =>
    dataOf(api.GET('/api/admin/funnel', { signal }), {
      fallbackMessage: 'De funnel kon niet geladen worden.',
    }),
});
