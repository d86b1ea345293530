/**
 * The label of a package's dates, free of schemas: the web imports it from here, so its pages do not
 * load zod (decision 047). magic-match.ts holds the schema and re-exports it.
 */
import type { PackageDates } from './magic-match';

/** 'Date 2 van 4': the dates held so far of those the package includes. */
export function packageDatesLabel(p: PackageDates): string {
  if (p.completed === 0) return `Nog geen date gehad (0 van ${p.included})`;
  if (p.completed > p.included)
    return `Date ${p.completed}: ${p.completed - p.included} extra boven de ${p.included} van het pakket`;
  return `Date ${p.completed} van ${p.included}`;
}
