import { type ComponentType, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { SITE_DATA_ELEMENT_ID, type SiteBrowserData } from '../../../../shared/site';
import { SkipLink } from '../../../components/ui/skip-link';
import { HomeTopBarActions } from './home-top-bar';
import type { IslandName, IslandProps } from './registry';
import { HeroActions, SessionLink } from './session-links';
import { createVisitorStore, islandIdPrefix, islandRoot, type VisitorStore } from './site-visitor';

interface IslandClient<N extends IslandName> {
  load: () => Promise<ComponentType<IslandProps<N>>>;
  /** 'load' (default): as soon as the page is shown; 'visible': when it comes near the screen. */
  hydrate?: 'load' | 'visible';
}

/**
 * How the browser gets and hydrates each island. The small ones are in this chunk. The scheduler
 * (with Calendly's loader and the error texts) is a chunk of its own, fetched when it comes near
 * the screen, where its widget starts loading Calendly (the widget's own 400 px).
 */
const CLIENTS: { [N in IslandName]: IslandClient<N> } = {
  'skip-link': { load: async () => SkipLink },
  'home-top-bar': { load: async () => HomeTopBarActions },
  'hero-actions': { load: async () => HeroActions },
  'session-link': { load: async () => SessionLink },
  scheduler: {
    load: () => import('./scheduler-section').then((module) => module.SchedulerSection),
    hydrate: 'visible',
  },
};

const VISIBLE_MARGIN = '400px 0px';

const isIslandName = (name: string | undefined): name is IslandName => !!name && name in CLIENTS;

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Resolves once `container`'s content comes within VISIBLE_MARGIN of the screen. */
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
      { rootMargin: VISIBLE_MARGIN },
    );
    observer.observe(target);
  });
}

async function hydrateIsland(container: HTMLElement, index: number, store: VisitorStore) {
  const name = container.dataset.island;
  if (!isIslandName(name)) throw new Error(`Unknown island: ${name}`);
  const client = CLIENTS[name] as IslandClient<IslandName>;
  const props = JSON.parse(container.dataset.props ?? '{}') as Record<string, unknown>;
  // Each island in a task of its own, apart from the evaluation of React's code.
  await (client.hydrate === 'visible' ? nearScreen(container) : nextTask());
  const Component = (await client.load()) as ComponentType<Record<string, unknown>>;
  // As a transition, hydration yields to the browser every few milliseconds instead of blocking
  // the main thread: the page stays responsive while it becomes interactive.
  startTransition(() => {
    hydrateRoot(container, islandRoot(store, <Component {...props} />), {
      identifierPrefix: islandIdPrefix(index),
    });
  });
}

async function signOutOnServer(): Promise<void> {
  // Fetched only when a visitor signs out: the API client is not needed on load.
  const { signOutRequest } = await import('../../../lib/sign-out-request');
  await signOutRequest();
}

/** Hydrates every island of the prerendered page, each as its own root; the rest stays static. */
export function hydrateIslands(): void {
  const dataElement = document.getElementById(SITE_DATA_ELEMENT_ID);
  if (!dataElement?.textContent) throw new Error('Missing prerendered page data');
  const data = JSON.parse(dataElement.textContent) as SiteBrowserData;
  const store = createVisitorStore(data.session, signOutOnServer);
  const containers = document.querySelectorAll<HTMLElement>('[data-island]');
  for (const [index, container] of containers.entries()) void hydrateIsland(container, index, store);
}
