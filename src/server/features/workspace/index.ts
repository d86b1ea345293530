import type { Feature } from '../../feature';
import { workspaceRoutes } from './workspace.routes';

/** The matchmaker's workspace (issue 15): the dashboard of what needs them and their numbers. */
export const workspaceFeature: Feature = {
  name: 'workspace',
  api: workspaceRoutes,
};
