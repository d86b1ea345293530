import type { Feature } from '../../feature';
import { docsRoutes } from './docs.routes';

/** The API documentation page, served from local assets. */
export const docsFeature: Feature = { name: 'docs', api: docsRoutes };
