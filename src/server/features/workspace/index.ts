import type { Feature } from '../../feature';
import { compactClientCounts } from './client-counts.service';
import { workspaceRoutes } from './workspace.routes';

/** The matchmaker's workspace (issue 15): the dashboard of what needs them and their numbers. */
export const workspaceFeature: Feature = {
  name: 'workspace',
  api: workspaceRoutes,
  jobs: [
    {
      name: 'client-counts',
      cron: '*/10 * * * *',
      summary:
        "Every 10 minutes: the dashboard's client counts folded into one row per matchmaker, status and tier",
      run: (ctx) => compactClientCounts({ ctx }),
    },
  ],
};
