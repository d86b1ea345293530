import type { Feature } from '../../feature';
import { magicMatchRoutes } from './magic-match.routes';

/** Magic match (issue 16): ranked, explained candidates for a client. */
export const magicMatchFeature: Feature = { name: 'magic-match', api: magicMatchRoutes };
