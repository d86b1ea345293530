import type { Feature } from '../../feature';
import { twoFactorRoutes } from './two-factor.routes';

/**
 * Issue 17 item 5 (decision 018): two-factor login. Setting it up and the codes are better-auth's
 * plugin (auth/auth.ts); this feature answers what the app needs to know, and requireActor
 * (context.ts) keeps staff without it out of everything else.
 */
export const twoFactorFeature: Feature = { name: 'two-factor', api: twoFactorRoutes };
