import { type ComponentType, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { SITE_DATA_ELEMENT_ID, type SiteBrowserData } from '../../../../shared/site';
import { SkipLink } from '../../../components/ui/skip-link';
import { HomeTopBarActions } from './home-top-bar';
import type { IslandName, IslandProps } from './registry';
import { HeroActions, SessionLink } from './session-links';
import { createVisitorStore, islandIdPrefix, islandRoot, type VisitorStore } from './site-visitor';

/**
 * How the browser gets each island's component. The small ones are in this chunk; the scheduler
 * (with Calendly's loader and the error texts) is a chunk of its own, as only matchmaker pages
 * have it.
 */
const LOADERS: { [N in IslandName]: () => Promise<ComponentType<IslandProps<N>>> } = {
  'skip-link': async () => SkipLink,
  'home-top-bar': async () => HomeTopBarActions,
  'hero-actions': async () => HeroActions,
  'session-link': async () => SessionLink,
  scheduler: () => import('./scheduler-section').then((module) => module.SchedulerSection),
};

export const isIslandName = (name: string | undefined): name is IslandName => !!name && name in LOADERS;

/** The component of an island, as the browser gets it. */
export function loadIsland(name: IslandName): Promise<ComponentType<Record<string, unknown>>> {
  return (LOADERS[name] as () => Promise<ComponentType<Record<string, unknown>>>)();
}

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function signOutOnServer(): Promise<void> {
  // Fetched only when a visitor signs out: the API client is not needed on load.
  const { signOutRequest } = await import('../../../lib/sign-out-request');
  await signOutRequest();
}

let store: VisitorStore | undefined;

/** The page's visitor, from its data script, shared by all its islands. */
function visitorStore(): VisitorStore {
  if (store) return store;
  const dataElement = document.getElementById(SITE_DATA_ELEMENT_ID);
  if (!dataElement?.textContent) throw new Error('Missing prerendered page data');
  const data = JSON.parse(dataElement.textContent) as SiteBrowserData;
  store = createVisitorStore(data.session, signOutOnServer);
  return store;
}

/** Hydrates one island of the prerendered page (the `index`th in document order) as its own root. */
export async function hydrateIsland(container: HTMLElement, index: number): Promise<void> {
  const name = container.dataset.island;
  if (!isIslandName(name)) throw new Error(`Unknown island: ${name}`);
  const props = JSON.parse(container.dataset.props ?? '{}') as Record<string, unknown>;
  // Each island in a task of its own, apart from the evaluation of React's code.
  const [Component] = await Promise.all([loadIsland(name), nextTask()]);
  // As a transition, hydration yields to the browser every few milliseconds instead of blocking
  // the main thread: the page stays responsive while it becomes interactive.
  startTransition(() => {
    hydrateRoot(container, islandRoot(visitorStore(), <Component {...props} />), {
      identifierPrefix: islandIdPrefix(index),
    });
  });
}
