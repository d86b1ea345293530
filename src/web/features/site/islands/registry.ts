import type { ComponentProps } from 'react';
import { SkipLink } from '../../../components/ui/skip-link';
import { HomeTopBarActions } from './home-top-bar';
import { SchedulerSection } from './scheduler-section';
import { HeroActions, SessionLink } from './session-links';

/**
 * The interactive parts of the public pages. The server renders each one as its own root with
 * JSON props; the browser hydrates only these (hydrate-islands.tsx lists how it loads each one).
 */
export const ISLANDS = {
  'skip-link': SkipLink,
  'home-top-bar': HomeTopBarActions,
  'hero-actions': HeroActions,
  'session-link': SessionLink,
  scheduler: SchedulerSection,
};

export type IslandName = keyof typeof ISLANDS;
export type IslandProps<N extends IslandName> = ComponentProps<(typeof ISLANDS)[N]>;
