import type { Feature } from '../../feature';
import { adminRoutes } from './admin.routes';

/** Issue 17 (item 4): the admin console's API, and a matchmaker's own public profile. */
export const adminFeature: Feature = { name: 'admin', api: adminRoutes };
