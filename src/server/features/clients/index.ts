import type { Feature } from '../../feature';
import { clientsRoutes } from './clients.routes';

/** Staff find clients. */
export const clientsFeature: Feature = { name: 'clients', api: clientsRoutes };
