import { type FirstPageModule, firstPageModules } from '../../shared/first-pages';

/**
 * Issue 31: the code of the pages a visit most often starts on, one `import()` each. The route table
 * (router.tsx) loads these pages through them, and the app's entry (main.tsx) starts the one being
 * opened as it starts, beside the vendor chunk, instead of once the router has run. Which path starts
 * with which module is shared/first-pages.ts (the server preloads the same modules' chunks).
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

/** Each module of the shared table, by its `import()` (a module left out does not type-check). */
const LOADS: Record<FirstPageModule, Load> = {
  'features/auth/pages/login-page.tsx': FIRST_PAGES.login,
  'features/auth/pages/sign-up-page.tsx': FIRST_PAGES.signUp,
  'app/layouts/role-layout.tsx': FIRST_PAGES.roleLayout,
  'features/account/pages/account-overview-page.tsx': FIRST_PAGES.accountOverview,
  'features/matches/pages/proposed-matches-page.tsx': FIRST_PAGES.proposedMatches,
  'features/workspace/pages/workspace-page.tsx': FIRST_PAGES.workspace,
  'features/clients/pages/clients-page.tsx': FIRST_PAGES.clients,
};

/** The `import()`s `pathname` starts with (none for a page not listed: it loads through the router). */
export function firstPageLoads(pathname: string): Load[] {
  return firstPageModules(pathname).map((module) => LOADS[module]);
}

/** Starts loading the page's code; the router's `lazy` then finds it under way (the same modules). */
export function preloadFirstPage(pathname: string): void {
  for (const load of firstPageLoads(pathname)) {
    // A failure shows when the router loads the page itself.
    load().catch(() => {});
  }
}
