import { useEffect } from 'react';

/**
 * Calls `reset` when the browser shows this page again from its back-forward cache, e.g. after
 * leaving for a payment page and pressing Back: a button left busy on the way out works again.
 */
export function useResetOnPageRestore(reset: () => void): void {
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) reset();
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, [reset]);
}
