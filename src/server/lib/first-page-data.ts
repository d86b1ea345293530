import type { MeResponse } from '../../shared/account';
import { ROUTES } from '../../shared/routes';

/** The id of the `<script type="application/json">` that carries a signed-in page's first data. */
export const FIRST_PAGE_DATA_ID = 'koppel-first-data';

/**
 * One GET of our own API, answered by the app itself with the page's cookie: the route's handler,
 * checks and serialization, so the embedded data is the API's answer. Undefined for anything but a
 * 200 with JSON.
 */
export type ReadOwnApi = (apiPath: string) => Promise<unknown>;

/** The guarded areas whose HTML carries data: it is per person, so never stored by a cache. */
export function isSignedInArea(pathname: string): boolean {
  const path = normalized(pathname);
  return [ROUTES.dashboard, ROUTES.matchmaker, ROUTES.admin].some(
    (area) => path === area || path.startsWith(`${area}/`),
  );
}

/**
 * Issue 31 (decision 050): the answers a signed-in page asks for first, by API path and query, as
 * the web asks for them (web/lib/first-data.ts answers those requests from here, once). The same
 * rules as the web's loaders (router.tsx): nothing for a visitor without a session, the client's
 * widgets and page data for a client in `/dashboard`, the two-factor status for active staff in
 * `/matchmaker` and their data only when no second factor must still be set up.
 */
export async function firstPageData(
  pathname: string,
  search: string,
  read: ReadOwnApi,
): Promise<Record<string, unknown>> {
  const data: Record<string, unknown> = {};
  const add = async (apiPath: string) => {
    const answer = await read(apiPath);
    if (answer !== undefined) data[apiPath] = answer;
    return answer;
  };
  const answer = (await add('/api/session')) as { session?: MeResponse | null } | undefined;
  const me = answer?.session;
  if (!me) return {};
  const path = normalized(pathname);
  const role = me.profile?.role;
  const isUnder = (area: string) => path === area || path.startsWith(`${area}/`);

  if (role === 'client' && isUnder(ROUTES.dashboard)) {
    const reads = [
      '/api/me/intake-feedback',
      '/api/me/feedback-requests',
      '/api/me/conversation/unread',
      '/api/me/proposed-matches',
    ];
    // The account overview's sections (features/account/pages/account-overview-page.tsx).
    if (path === ROUTES.dashboard) {
      reads.push(
        '/api/me/matches',
        '/api/me/profile',
        '/api/me/quiz/result',
        '/api/me/intake-sessions',
        '/api/me/package-dates',
      );
      if (me.profile?.assigned_matchmaker_id) reads.push('/api/matchmakers');
    }
    if (path === ROUTES.proposedMatches) reads.push('/api/me/matches');
    await Promise.all(reads.map(add));
  } else if (
    (role === 'matchmaker' || role === 'admin') &&
    !me.account_inactive &&
    isUnder(ROUTES.matchmaker)
  ) {
    const status = (await add('/api/me/two-factor')) as
      | { two_factor?: { setup_needed?: boolean } }
      | undefined;
    if (!status?.two_factor || status.two_factor.setup_needed) return data;
    const reads: string[] = [];
    if (role === 'matchmaker') reads.push('/api/matchmaker/conversations/unread');
    // An admin's dashboard of one matchmaker and a filtered list are left to the page.
    if (path === ROUTES.matchmaker && !new URLSearchParams(search).has('matchmaker')) {
      // The dashboard and the workspace's sections (features/workspace/pages/workspace-page.tsx).
      reads.push(
        '/api/matchmaker/dashboard',
        '/api/tasks',
        '/api/intake-sessions',
        '/api/unassigned-bookings',
      );
      if (role === 'admin') reads.push('/api/matchmakers');
    }
    if (path === ROUTES.matchmakerClients && search === '') reads.push('/api/matchmaker/clients');
    await Promise.all(reads.map(add));
  }
  return data;
}

/** The data as an inert JSON block: `<` escaped, so no text in it can close the element. */
export function firstPageDataScript(data: Record<string, unknown>): string {
  if (Object.keys(data).length === 0) return '';
  const json = JSON.stringify(data).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${FIRST_PAGE_DATA_ID}">${json}</script>`;
}

function normalized(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '').toLowerCase() : pathname;
}
