import type { Role } from '../../shared/domain';
import { ROUTES } from '../../shared/routes';

/** Where a signed-in user belongs: matchmakers in /matchmaker, everyone else in /dashboard. */
export function homePathForRole(role: Role | null | undefined): string {
  return role === 'matchmaker' ? ROUTES.matchmaker : ROUTES.dashboard;
}

const SHARED_ACCOUNT_PATHS: readonly string[] = [ROUTES.settings, ROUTES.changePassword];
const AUTH_PATHS: readonly string[] = [
  ROUTES.login,
  ROUTES.signUp,
  ROUTES.confirmation,
  ROUTES.resetPassword,
];

function isUnder(pathname: string, base: string): boolean {
  return pathname === base || pathname.startsWith(`${base}/`);
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
  if (isUnder(pathname, ROUTES.matchmaker) && role !== 'matchmaker') return null;
  if (isUnder(pathname, ROUTES.dashboard) && role !== 'client' && !SHARED_ACCOUNT_PATHS.includes(pathname)) {
    return null;
  }
  return `${url.pathname}${url.search}${url.hash}`;
}
