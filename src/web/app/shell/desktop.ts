import { useSyncExternalStore } from 'react';

/** Tailwind's md breakpoint: from here the sidebar shows and the drawer is not needed. */
const DESKTOP_QUERY = '(min-width: 48rem)';

function subscribe(onChange: () => void): () => void {
  const desktop = window.matchMedia(DESKTOP_QUERY);
  desktop.addEventListener('change', onChange);
  return () => desktop.removeEventListener('change', onChange);
}

/** Whether the screen is at least Tailwind's md breakpoint, following its changes. */
export function useIsDesktop(): boolean {
  return useSyncExternalStore(subscribe, () => window.matchMedia(DESKTOP_QUERY).matches);
}
