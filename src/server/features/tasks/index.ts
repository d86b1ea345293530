import type { Feature } from '../../feature';
import { tasksRoutes } from './tasks.routes';

/** Issue 29 (decision 032): the promises of a purchase as tasks for staff, due in working hours. */
export const tasksFeature: Feature = {
  name: 'tasks',
  api: tasksRoutes,
};
