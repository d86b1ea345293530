import type { ReactNode } from 'react';

/** One label and value in a `<dl>`: side by side from the small breakpoint, stacked on a phone. */
export function DetailRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="border-t border-stone-200 py-3 first:border-t-0 sm:grid sm:grid-cols-3 sm:gap-4">
      <dt className="text-sm font-semibold break-words text-stone-700">{label}</dt>
      <dd className="mt-1 break-words text-stone-900 sm:col-span-2 sm:mt-0">{children}</dd>
    </div>
  );
}
