import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MeResponse } from '../../shared/account';
import type { SiteSession } from '../../shared/site';
import { api, dataOf } from './api';
import { takeEarlySession } from './early-session';

export const meQueryKey = ['me'] as const;

/**
 * The signed-in user and profile, or null when nobody is signed in. Asked of /api/session, which
 * answers a visitor with 200 and null: a signed-out page load logs no 401 in the console.
 */
export async function fetchMe(signal?: AbortSignal): Promise<MeResponse | null> {
  // The entry's early request (lib/early-session.ts), answered through the same client and checks.
  const early = takeEarlySession();
  return (await dataOf(api.GET('/api/session', { signal, ...(early ? { fetch: () => early } : {}) })))
    .session;
}

export const meQueryOptions = queryOptions({
  queryKey: meQueryKey,
  queryFn: ({ signal }) => fetchMe(signal),
  staleTime: 60_000,
  retry: 1,
});

export function useMe() {
  return useQuery(meQueryOptions);
}

/** What the public pages need of the signed-in visitor. */
export function toSiteSession(me: MeResponse | null | undefined): SiteSession | null {
  if (!me) return null;
  return { role: me.profile?.role ?? null, full_name: me.profile?.full_name ?? null, email: me.user.email };
}
