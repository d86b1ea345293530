import { describe, expect, it } from 'vitest';
import { ROUTES } from '../../shared/routes';
import { FIRST_PAGES, firstPageLoads } from './first-page';

describe('the code the entry starts for the page being opened', () => {
  it('starts the login and sign-up pages, however the address is written', () => {
    expect(firstPageLoads(ROUTES.login)).toEqual([FIRST_PAGES.login]);
    expect(firstPageLoads('/Inloggen/')).toEqual([FIRST_PAGES.login]);
    expect(firstPageLoads(ROUTES.signUp)).toEqual([FIRST_PAGES.signUp]);
  });

  it("starts a guarded area's first pages with the role's layout", () => {
    expect(firstPageLoads(ROUTES.dashboard)).toEqual([FIRST_PAGES.roleLayout, FIRST_PAGES.accountOverview]);
    expect(firstPageLoads(ROUTES.proposedMatches)).toEqual([
      FIRST_PAGES.roleLayout,
      FIRST_PAGES.proposedMatches,
    ]);
    expect(firstPageLoads(ROUTES.matchmaker)).toEqual([FIRST_PAGES.roleLayout, FIRST_PAGES.workspace]);
    expect(firstPageLoads(`${ROUTES.matchmakerClients}/`)).toEqual([
      FIRST_PAGES.roleLayout,
      FIRST_PAGES.clients,
    ]);
  });

  it("starts only the role's layout for the guarded areas' other pages", () => {
    for (const path of [ROUTES.settings, ROUTES.purchases, `${ROUTES.matchmaker}/berichten`, ROUTES.admin]) {
      expect(firstPageLoads(path), path).toEqual([FIRST_PAGES.roleLayout]);
    }
  });

  it('starts nothing for a page the router loads itself', () => {
    for (const path of [
      '/',
      ROUTES.publicMatchmakers,
      '/sofie-peeters',
      '/dashboardx',
      ROUTES.resetPassword,
    ]) {
      expect(firstPageLoads(path), path).toEqual([]);
    }
  });
});
