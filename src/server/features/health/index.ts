import type { Feature } from '../../feature';
import { healthRoutes } from './health.routes';

export const healthFeature: Feature = { name: 'health', api: healthRoutes };
