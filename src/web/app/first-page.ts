import { ROUTES } from '../../shared/routes';

/**
 * Issue 31: the code of the pages a visit most often starts on, one `import()` each. The route table
 * (router.tsx) loads these pages through them, and the app's entry (main.tsx) starts the one being
 * opened as it starts, beside the vendor chunk, instead of once the router has run.
 */
export const FIRST_PAGES = {
  login: () => import('../features/auth/pages/login-page'),
  signUp: () => import('../features/auth/pages/sign-up-page'),
  roleLayout: () => import('./layouts/role-layout'),
  accountOverview: () => import('../features/account/pages/account-overview-page'),
  proposedMatches: () => import('../features/matches/pages/proposed-matches-page'),
  workspace: () => import('../features/workspace/pages/workspace-page'),
  clients: () => import('../features/clients/pages/clients-page'),
};

type Load = (typeof FIRST_PAGES)[keyof typeof FIRST_PAGES];

const EXACT: Record<string, Load[]> = {
  [ROUTES.login]: [FIRST_PAGES.login],
  [ROUTES.signUp]: [FIRST_PAGES.signUp],
  [ROUTES.dashboard]: [FIRST_PAGES.roleLayout, FIRST_PAGES.accountOverview],
  [ROUTES.proposedMatches]: [FIRST_PAGES.roleLayout, FIRST_PAGES.proposedMatches],
  [ROUTES.matchmaker]: [FIRST_PAGES.roleLayout, FIRST_PAGES.workspace],
  [ROUTES.matchmakerClients]: [FIRST_PAGES.roleLayout, FIRST_PAGES.clients],
};

/** The guarded areas: any other page in them is drawn inside the role's layout. */
const GUARDED_AREAS = [ROUTES.dashboard, ROUTES.matchmaker, ROUTES.admin];

/** The modules `pathname` starts with (none for a page not listed: it loads through the router). */
export function firstPageModules(pathname: string): Load[] {
  // The router matches without regard to case or a trailing slash.
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '').toLowerCase() : pathname;
  const exact = EXACT[path];
  if (exact) return exact;
  if (GUARDED_AREAS.some((area) => path === area || path.startsWith(`${area}/`)))
    return [FIRST_PAGES.roleLayout];
  return [];
}

/** Starts loading the page's code; the router's `lazy` then finds it under way (the same modules). */
export function preloadFirstPage(pathname: string): void {
  for (const load of firstPageModules(pathname)) {
    // A failure shows when the router loads the page itself.
    load().catch(() => {});
  }
}
