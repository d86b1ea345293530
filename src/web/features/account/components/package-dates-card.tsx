import { MyPackageDates } from '../../magic-match/components/package-dates';

/** Issue 16: the dates the client's package includes ('Date 2 van 4'); nothing for other tiers. */
export function PackageDatesCard() {
  return <MyPackageDates className="lg:col-span-3" />;
}
