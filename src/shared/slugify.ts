/**
 * The public matchmaker slug (spec section 2): lowercased, trimmed, spaces to hyphens,
 * '&' to '-and-', other non-word characters removed, repeated hyphens collapsed.
 * Accents are folded to their base letter first so "Véronique" becomes "veronique", and
 * hyphens at either end are dropped.
 */
export function slugify(fullName: string): string {
  return fullName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim()
    .replace(/&/g, '-and-')
    .replace(/\s+/g, '-')
    .replace(/[^\w-]/g, '')
    .replace(/-{2,}/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** The first free slug: `base`, then `base-2`, `base-3`, ... */
export function uniqueSlug(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  let n = 2;
  while (taken.has(`${base}-${n}`)) n++;
  return `${base}-${n}`;
}

/** Longer slugs are not looked up (a full name is at most MAX_NAME_LENGTH characters). */
export const MAX_SLUG_LENGTH = 240;
