import { describe, expect, it } from 'vitest';
import { ROLES } from '../../shared/domain';
import { ROUTES } from '../../shared/routes';
import { homePathForRole, rolesForPath } from '../lib/home-path';
import { NAVIGATION } from './navigation';

const KNOWN_PATHS: readonly string[] = Object.values(ROUTES);

describe("each role's navigation", () => {
  it.each(ROLES)('%s: starts at its home and only links to pages the role may open', (role) => {
    const { items } = NAVIGATION[role];
    expect(items[0]?.to).toBe(homePathForRole(role));
    expect(items[0]?.end).toBe(true);
    for (const item of items) {
      expect(KNOWN_PATHS, item.to).toContain(item.to);
      expect(rolesForPath(item.to), `${role} → ${item.to}`).toContain(role);
    }
    expect(new Set(items.map((item) => item.to)).size).toBe(items.length);
  });

  it('names every sidebar differently, and tags the staff shells', () => {
    expect(ROLES.map((role) => NAVIGATION[role].label)).toEqual([
      'Hoofdmenu',
      'Matchmakermenu',
      'Beheermenu',
    ]);
    expect(ROLES.map((role) => NAVIGATION[role].tag)).toEqual([undefined, 'MATCHMAKER', 'BEHEER']);
  });
});
