import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ROLES } from '../../shared/domain';
import { ROUTES } from '../../shared/routes';
import { homePathForRole, rolesForPath, safeNextPath } from './home-path';

describe('where a role belongs', () => {
  it('clients in /dashboard, matchmakers in /matchmaker, admins in /admin', () => {
    expect(ROLES.map(homePathForRole)).toEqual([ROUTES.dashboard, ROUTES.matchmaker, ROUTES.admin]);
    // A session without a profile goes where the guard explains it.
    expect(homePathForRole(null)).toBe(ROUTES.dashboard);
  });

  it('each role may open its own home', () => {
    for (const role of ROLES) expect(rolesForPath(homePathForRole(role)), role).toContain(role);
  });

  it('admins open the staff pages (dashboard, clients, matches, intake feedback) and settings, not the client or matchmaker-only pages', () => {
    expect(rolesForPath('/matchmaker/matches')).toEqual(['matchmaker', 'admin']);
    expect(rolesForPath(ROUTES.matchmakerFeedback)).toEqual(['matchmaker', 'admin']);
    expect(rolesForPath(ROUTES.matchmaker)).toEqual(['matchmaker', 'admin']);
    expect(rolesForPath(ROUTES.matchmakerClients)).toEqual(['matchmaker', 'admin']);
    expect(rolesForPath(`${ROUTES.matchmakerClients}/abc`)).toEqual(['matchmaker', 'admin']);
    expect(rolesForPath(ROUTES.settings)).toEqual(ROLES);
    expect(rolesForPath(ROUTES.changePassword)).toEqual(ROLES);
    // Issue 16: magic match for a matchmaker's clients, and for an admin every client's.
    expect(rolesForPath(ROUTES.magicMatch)).toEqual(['matchmaker', 'admin']);
    expect(rolesForPath(`${ROUTES.matchmakerClients}/abc/magic-match/results`)).toEqual([
      'matchmaker',
      'admin',
    ]);
    expect(rolesForPath(ROUTES.products)).toEqual(['client']);
    expect(rolesForPath('/admin/later')).toEqual(['admin']);
    expect(rolesForPath('/sofie-peeters')).toBeNull();
    expect(rolesForPath('/administratie')).toBeNull();
  });
});

describe('the ?next= target after login', () => {
  beforeEach(() => {
    vi.stubGlobal('window', { location: { origin: 'http://localhost:3000' } });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('keeps a page the role may open, with its query and hash', () => {
    expect(safeNextPath('/admin', 'admin')).toBe('/admin');
    expect(safeNextPath('/matchmaker/matches?status=proposed#x', 'admin')).toBe(
      '/matchmaker/matches?status=proposed#x',
    );
    expect(safeNextPath('/dashboard/settings', 'admin')).toBe('/dashboard/settings');
    expect(safeNextPath('/matchmaker/matches', 'matchmaker')).toBe('/matchmaker/matches');
    expect(safeNextPath('/dashboard/producten', 'client')).toBe('/dashboard/producten');
    expect(safeNextPath('/sofie-peeters', 'client')).toBe('/sofie-peeters');
  });

  it('drops a page of another role, a login page and anything off the site', () => {
    expect(safeNextPath('/dashboard', 'admin')).toBeNull();
    expect(safeNextPath('/matchmaker/magic-match', 'client')).toBeNull();
    expect(safeNextPath('/admin', 'matchmaker')).toBeNull();
    expect(safeNextPath('/admin', 'client')).toBeNull();
    expect(safeNextPath('/matchmaker/matches', 'client')).toBeNull();
    expect(safeNextPath('/inloggen', 'client')).toBeNull();
    for (const next of ['//evil.example/admin', '/\\evil.example', 'https://evil.example', null]) {
      expect(safeNextPath(next, 'admin'), String(next)).toBeNull();
    }
  });
});
