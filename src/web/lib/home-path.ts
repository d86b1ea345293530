import { ROLES, type Role, STAFF_ROLES } from '../../shared/domain';
import { ROUTES } from '../../shared/routes';

/**
 * Who may open the guarded pages. The router's guards and the login's `?next=` check both read
 * these, so a page a role may not open is never a place to send it.
 */
export const ACCESS = {
  /** Settings and change-password: every role, inside its own shell. */
  account: ROLES,
  client: ['client'],
  /** Matchmaker pages that call the staff APIs (the matches): matchmakers and admins (STAFF_ROLES). */
  staff: STAFF_ROLES,
  matchmaker: ['matchmaker'],
  admin: ['admin'],
} as const satisfies Record<string, readonly Role[]>;

const HOME_BY_ROLE: Record<Role, string> = {
  client: ROUTES.dashboard,
  matchmaker: ROUTES.matchmaker,
  admin: ROUTES.admin,
};

/** Where a signed-in user belongs: clients in /dashboard, matchmakers in /matchmaker, admins in /admin. */
export function homePathForRole(role: Role | null | undefined): string {
  return role ? HOME_BY_ROLE[role] : ROUTES.dashboard;
}

/**
 * 'Bekijk alle matchmakers': a client chooses theirs in the app, anyone else (a visitor, staff)
 * sees the public list.
 */
export function matchmakersListPath(role: Role | null | undefined): string {
  return role === 'client' ? ROUTES.matchmakers : ROUTES.publicMatchmakers;
}

const ACCOUNT_PATHS: readonly string[] = [ROUTES.settings, ROUTES.changePassword];
// Issue 13: admins read all intake feedback, with names. Issue 15: admins see the dashboard (the
// agency's, or one matchmaker's) and every client's file. Issue 16: magic match for every client.
const STAFF_PATHS: readonly string[] = [
  ROUTES.magicMatch,
  ROUTES.matchmakerMatches,
  ROUTES.matchmakerFeedback,
  ROUTES.matchmakerClients,
];
const AUTH_PATHS: readonly string[] = [
  ROUTES.login,
  ROUTES.signUp,
  ROUTES.confirmation,
  ROUTES.resetPassword,
];

function isUnder(pathname: string, base: string): boolean {
  return pathname === base || pathname.startsWith(`${base}/`);
}

/** The roles that may open a path of the app, or null for a public page. */
export function rolesForPath(pathname: string): readonly Role[] | null {
  if (ACCOUNT_PATHS.includes(pathname)) return ACCESS.account;
  if (isUnder(pathname, ROUTES.dashboard)) return ACCESS.client;
  if (pathname === ROUTES.matchmaker || STAFF_PATHS.some((path) => isUnder(pathname, path))) {
    return ACCESS.staff;
  }
  if (isUnder(pathname, ROUTES.matchmaker)) return ACCESS.matchmaker;
  if (isUnder(pathname, ROUTES.admin)) return ACCESS.admin;
  return null;
}

/**
 * The `?next=` target after login, only when it is a same-site relative path the role may open;
 * otherwise null.
 */
export function safeNextPath(next: string | null, role: Role): string | null {
  if (!next?.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return null;
  let url: URL;
  try {
    url = new URL(next, window.location.origin);
  } catch {
    return null;
  }
  if (url.origin !== window.location.origin) return null;
  const { pathname } = url;
  if (AUTH_PATHS.includes(pathname)) return null;
  const roles = rolesForPath(pathname);
  if (roles && !roles.includes(role)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
