import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MeResponse } from '../../shared/account';
import type { SiteSession } from '../../shared/site';
import { ApiError, apiFetch } from './api';

export const meQueryKey = ['me'] as const;

/** The signed-in user and profile, or null when nobody is signed in (401). */
export async function fetchMe(signal?: AbortSignal): Promise<MeResponse | null> {
  try {
    return await apiFetch<MeResponse>('/api/me', { signal });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
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
