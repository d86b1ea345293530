import { useEffect, useState } from 'react';
import { cn } from '../../lib/cn';

/** An accessible loading indicator: role="status" with the visible text "Laden...". */
export function Spinner({ label = 'Laden...', className }: { label?: string; className?: string }) {
  return (
    <div role="status" className={cn('flex flex-col items-center gap-3 text-stone-700', className)}>
      <span
        aria-hidden="true"
        className="size-9 rounded-full border-4 border-brand-100 border-t-brand-700 motion-safe:animate-spin"
      />
      <span className="text-sm font-medium">{label}</span>
    </div>
  );
}

/** A spinner centred on a whole page, used while a page or the session loads. */
export function PageSpinner({ label }: { label?: string }) {
  return (
    <main className="flex min-h-dvh items-center justify-center px-4">
      <Spinner label={label} />
    </main>
  );
}

/** A spinner centred in the content area of a shell. */
export function ContentSpinner({ label }: { label?: string }) {
  return (
    <div className="flex min-h-64 items-center justify-center">
      <Spinner label={label} />
    </div>
  );
}

/** How long the app's first load shows nothing before its spinner. */
export const FIRST_LOAD_SPINNER_DELAY_MS = 500;

/**
 * Issue 31: what the app shows while its first page loads (the router's hydrate fallback), after
 * FIRST_LOAD_SPINNER_DELAY_MS; nothing before. A page that comes with its data (decision 050) is
 * ready well within that time, and a spinner drawn just before it was a flash: on the simulated
 * phone it was the first paint, and the page's own render after it counted as blocking time.
 */
export function FirstLoadSpinner() {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setShown(true), FIRST_LOAD_SPINNER_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  return shown ? <PageSpinner /> : null;
}
