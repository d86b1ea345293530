import { type ReactNode, useId } from 'react';
import { PAID_TIER_TERM_MONTHS } from '../../../../shared/domain';
import { formatEuro } from '../../../../shared/format';
import type { TierInfo } from '../../../../shared/tiers';
import { Card } from '../../../components/ui/card';
import { CheckList } from '../../../components/ui/check-list';
import { cn } from '../../../lib/cn';

interface TierCardProps {
  info: TierInfo;
  isCurrent: boolean;
  /** The tier's state for this client, e.g. until when it runs. */
  note?: ReactNode;
  /** The buy button and its error, when the client may buy the tier. */
  action?: ReactNode;
}

/** One tier of the catalogue: name, price, what it includes, and whether it is the client's. */
export function TierCard({ info, isCurrent, note, action }: TierCardProps) {
  const headingId = useId();
  const isFree = info.price === 0;
  return (
    <Card
      className={cn(
        'flex h-full flex-col max-sm:p-5!',
        isCurrent && 'border-brand-700 ring-2 ring-brand-700',
      )}
    >
      <article aria-labelledby={headingId} className="flex flex-1 flex-col">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id={headingId} className="font-serif text-2xl font-bold text-stone-900">
            {info.name}
          </h2>
          {isCurrent && (
            <span className="rounded-full bg-brand-700 px-3 py-1 text-xs font-semibold text-white">
              Je huidige lidmaatschap
            </span>
          )}
        </div>
        <p className="mt-3">
          <span className="text-3xl font-bold text-stone-900">
            {isFree ? 'Gratis' : formatEuro(info.price)}
          </span>
          {!isFree && (
            <span className="block text-sm text-stone-700">
              eenmalig, voor {PAID_TIER_TERM_MONTHS} maanden
            </span>
          )}
        </p>
        <p className="mt-3 text-stone-700">{info.description}</p>
        <h3 className="sr-only">Inbegrepen</h3>
        <CheckList items={info.includes} className="mt-4" />
        {(note || action) && (
          <div className="mt-auto flex flex-col gap-3 pt-6">
            {note && <p className="text-sm text-stone-800">{note}</p>}
            {action}
          </div>
        )}
      </article>
    </Card>
  );
}
