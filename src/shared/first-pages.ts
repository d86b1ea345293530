import { ROUTES } from './routes';

/**
 * Issue 31 (decisions 042 and 047): the code a visit most often starts with, named by its module's
 * path under src/web. One table for both sides: the app's entry starts these modules' `import()` as
 * it starts (web/app/first-page.ts), and the server names their chunks in the HTML of the path, so
 * the browser asks for them while the entry loads (server/web-app.ts, from the build's list of each
 * module's chunks).
 */
export const FIRST_PAGE_MODULES = [
  'features/auth/pages/login-page.tsx',
  'features/auth/pages/sign-up-page.tsx',
  'app/layouts/role-layout.tsx',
  'features/account/pages/account-overview-page.tsx',
  'features/matches/pages/proposed-matches-page.tsx',
  'features/workspace/pages/workspace-page.tsx',
  'features/clients/pages/clients-page.tsx',
] as const;
export type FirstPageModule = (typeof FIRST_PAGE_MODULES)[number];

const ROLE_LAYOUT: FirstPageModule = 'app/layouts/role-layout.tsx';

const EXACT: Record<string, FirstPageModule[]> = {
  [ROUTES.login]: ['features/auth/pages/login-page.tsx'],
  [ROUTES.signUp]: ['features/auth/pages/sign-up-page.tsx'],
  [ROUTES.dashboard]: [ROLE_LAYOUT, 'features/account/pages/account-overview-page.tsx'],
  [ROUTES.proposedMatches]: [ROLE_LAYOUT, 'features/matches/pages/proposed-matches-page.tsx'],
  [ROUTES.matchmaker]: [ROLE_LAYOUT, 'features/workspace/pages/workspace-page.tsx'],
  [ROUTES.matchmakerClients]: [ROLE_LAYOUT, 'features/clients/pages/clients-page.tsx'],
};

/** The guarded areas: any other page in them is drawn inside the role's layout. */
const GUARDED_AREAS = [ROUTES.dashboard, ROUTES.matchmaker, ROUTES.admin];

/** The modules `pathname` starts with (none for a page not listed: it loads through the router). */
export function firstPageModules(pathname: string): FirstPageModule[] {
  // The router matches without regard to case or a trailing slash.
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '').toLowerCase() : pathname;
  const exact = EXACT[path];
  if (exact) return exact;
  if (GUARDED_AREAS.some((area) => path === area || path.startsWith(`${area}/`))) return [ROLE_LAYOUT];
  return [];
}
