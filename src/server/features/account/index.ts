import type { Feature } from '../../feature';
import { accountRoutes } from './account.routes';

/** The signed-in user's account: who they are and their profile row. */
export const accountFeature: Feature = { name: 'account', api: accountRoutes };
