import type { Feature } from '../../feature';
import { outboxRoutes } from './outbox.routes';

/** Admins see the e-mails that could not be delivered and send them again (decision 007). */
export const outboxFeature: Feature = { name: 'outbox', api: outboxRoutes };
