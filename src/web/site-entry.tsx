import { ISLAND_HYDRATION, type IslandHydration } from './features/site/islands/hydration';
import type { IslandName } from './features/site/islands/registry';
import './styles.css';

// The prerendered page is complete without JavaScript; only its islands become React roots. This
// entry is small: React and the islands' code are fetched after the first paint, and only once an
// island is due (islands/hydration.ts), so a page whose islands all wait loads no React at all.

/**
 * Resolves once the browser has shown the page's first content (the paint timing entry comes
 * after the frame is on screen, where a frame callback can come before it): nothing the islands
 * fetch competes with the page's first paint.
 */
function afterFirstPaint(): Promise<void> {
  return new Promise((resolve) => {
    const done = () => setTimeout(resolve, 0);
    if (
      typeof PerformanceObserver === 'undefined' ||
      !PerformanceObserver.supportedEntryTypes?.includes('paint')
    ) {
      requestAnimationFrame(done);
      return;
    }
    const observer = new PerformanceObserver((list) => {
      if (!list.getEntriesByName('first-contentful-paint').length) return;
      observer.disconnect();
      done();
    });
    observer.observe({ type: 'paint', buffered: true });
  });
}

/** Resolves once the island's content comes within 400 px of the screen. */
function nearScreen(container: HTMLElement): Promise<void> {
  // The container has no box of its own (display: contents): watch what it holds.
  const target = container.firstElementChild;
  if (!target) return Promise.resolve();
  return new Promise((resolve) => {
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        resolve();
      },
      { rootMargin: '400px 0px' },
    );
    observer.observe(target);
  });
}

function firstFocus(container: HTMLElement): Promise<void> {
  if (container.contains(document.activeElement)) return Promise.resolve();
  return new Promise((resolve) => container.addEventListener('focusin', () => resolve(), { once: true }));
}

function due(container: HTMLElement): Promise<void> {
  const when: IslandHydration = ISLAND_HYDRATION[container.dataset.island as IslandName] ?? 'load';
  if (when === 'visible') return nearScreen(container);
  if (when === 'focus') return firstFocus(container);
  return Promise.resolve();
}

const firstPaint = afterFirstPaint();
const containers = document.querySelectorAll<HTMLElement>('[data-island]');
for (const [index, container] of containers.entries()) {
  void Promise.all([due(container), firstPaint])
    .then(() => import('./features/site/islands/hydrate-islands'))
    .then(({ hydrateIsland }) => hydrateIsland(container, index));
}
