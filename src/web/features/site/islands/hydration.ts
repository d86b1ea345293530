import type { IslandName } from './registry';

/**
 * When the browser hydrates an island (read by site-entry.tsx before React is loaded, so this file
 * imports nothing): 'load' as soon as the page is shown (the default); 'visible' when it comes
 * within 400 px of the screen; 'focus' when something inside it gets the focus (the skip link,
 * which a visitor reaches only by keyboard; until then it works as a plain anchor).
 */
export type IslandHydration = 'load' | 'visible' | 'focus';

export const ISLAND_HYDRATION: { [N in IslandName]?: IslandHydration } = {
  'skip-link': 'focus',
  scheduler: 'visible',
};
