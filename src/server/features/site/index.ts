import type { Feature } from '../../feature';
import { siteRoutes } from './site.routes';

/** The public pages (/ and /{slug}) rendered on the server, robots.txt and the sitemap. */
export const siteFeature: Feature = { name: 'site', pages: siteRoutes };
