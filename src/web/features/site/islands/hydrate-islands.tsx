import { type ComponentType, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { SITE_DATA_ELEMENT_ID, type SiteBrowserData } from '../../../../shared/site';
import { SkipLink } from '../../../components/ui/skip-link';
import { HomeTopBarActions } from './home-top-bar';
import type { IslandName, IslandProps } from './registry';
import { HeroActions, SessionLink } from './session-links';
import { createVisitorStore, islandIdPrefix, islandRoot } from './site-visitor';

/**
 * How the browser gets each island's component: the small ones are in the site bundle, the
 * scheduler (with Calendly's loader and the error texts) comes as a chunk of its own, so only
 * matchmaker pages fetch it.
 */
const LOADERS: { [N in IslandName]: () => Promise<ComponentType<IslandProps<N>>> } = {
  'skip-link': async () => SkipLink,
  'home-top-bar': async () => HomeTopBarActions,
  'hero-actions': async () => HeroActions,
  'session-link': async () => SessionLink,
  scheduler: () => import('./scheduler-section').then((module) => module.SchedulerSection),
};

const isIslandName = (name: string | undefined): name is IslandName => !!name && name in LOADERS;

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
  for (const [index, container] of containers.entries()) {
    const name = container.dataset.island;
    if (!isIslandName(name)) throw new Error(`Unknown island: ${name}`);
    const props = JSON.parse(container.dataset.props ?? '{}') as Record<string, unknown>;
    const load = LOADERS[name] as () => Promise<ComponentType<Record<string, unknown>>>;
    void load().then((Component) => {
      // As a transition, hydration yields to the browser every few milliseconds instead of
      // blocking the main thread: the page stays responsive while it becomes interactive.
      startTransition(() => {
        hydrateRoot(container, islandRoot(store, <Component {...props} />), {
          identifierPrefix: islandIdPrefix(index),
        });
      });
    });
  }
}
