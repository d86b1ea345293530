/**
 * The clients list's scopes, sorts and page sizes with their Dutch labels, free of schemas: the web's
 * list imports them from here, so it does not load zod (decision 047). clients.ts holds the query's
 * schema and re-exports these.
 */

/** Whose clients a list shows: a matchmaker's own, the paid ones nobody has yet (to claim), or all (admin). */
export const CLIENT_SCOPES = ['mine', 'unassigned', 'all'] as const;
export type ClientScope = (typeof CLIENT_SCOPES)[number];
export const CLIENT_SCOPE_LABELS: Record<ClientScope, string> = {
  mine: 'Mijn klanten',
  unassigned: 'Nog zonder matchmaker',
  all: 'Alle klanten',
};

export const CLIENT_SORTS = ['name', 'newest', 'oldest', 'age', 'activity'] as const;
export type ClientSort = (typeof CLIENT_SORTS)[number];
export const CLIENT_SORT_LABELS: Record<ClientSort, string> = {
  name: 'Naam (A–Z)',
  newest: 'Nieuwste eerst',
  oldest: 'Oudste eerst',
  age: 'Leeftijd (jong–oud)',
  activity: 'Laatst actief',
};

export const CLIENT_PAGE_SIZES = [25, 50, 100] as const;
