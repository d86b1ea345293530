import { describe, expect, it } from 'vitest';
import { ROUTES } from '../../shared/routes';
import { FIRST_PAGES, firstPageModules } from './first-page';

describe('the code the entry starts for the page being opened', () => {
  it('starts the login and sign-up pages, however the address is written', () => {
    expect(firstPageModules(ROUTES.login)).toEqual([FIRST_PAGES.login]);
    expect(firstPageModules('/Inloggen/')).toEqual([FIRST_PAGES.login]);
    expect(firstPageModules(ROUTES.signUp)).toEqual([FIRST_PAGES.signUp]);
  });

  it("starts a guarded area's first pages with the role's layout", () => {
    expect(firstPageModules(ROUTES.dashboard)).toEqual([FIRST_PAGES.roleLayout, FIRST_PAGES.accountOverview]);
    expect(firstPageModules(ROUTES.proposedMatches)).toEqual([
      FIRST_PAGES.roleLayout,
      FIRST_PAGES.proposedMatches,
    ]);
    expect(firstPageModules(ROUTES.matchmaker)).toEqual([FIRST_PAGES.roleLayout, FIRST_PAGES.workspace]);
    expect(firstPageModules(`${ROUTES.matchmakerClients}/`)).toEqual([
      FIRST_PAGES.roleLayout,
      FIRST_PAGES.clients,
    ]);
  });

  it("starts only the role's layout for the guarded areas' other pages", () => {
    for (const path of [ROUTES.settings, ROUTES.purchases, `${ROUTES.matchmaker}/berichten`, ROUTES.admin]) {
      expect(firstPageModules(path), path).toEqual([FIRST_PAGES.roleLayout]);
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
      expect(firstPageModules(path), path).toEqual([]);
    }
  });
});
