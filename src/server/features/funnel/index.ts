import type { Feature } from '../../feature';
import { funnelRoutes } from './funnel.routes';

/** Issue 29 (decision 032): the owner's funnel, from sign-up to first date, per sign-up month. */
export const funnelFeature: Feature = {
  name: 'funnel',
  api: funnelRoutes,
};
