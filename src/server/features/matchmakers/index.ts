import type { Feature } from '../../feature';
import { matchmakersRoutes } from './matchmakers.routes';

/** The public listing and profiles of the active matchmakers. */
export const matchmakersFeature: Feature = { name: 'matchmakers', api: matchmakersRoutes };
