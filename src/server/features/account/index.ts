import type { Feature } from '../../feature';
import { accountRoutes } from './account.routes';
import { eraseFarewellAddresses } from './account.service';

/** The signed-in user's account: who they are, their settings, their data export and deletion. */
export const accountFeature: Feature = {
  name: 'account',
  api: accountRoutes,
  jobs: [
    {
      name: 'erase-farewell-addresses',
      cron: '*/10 * * * *',
      summary: "a deleted account's farewell e-mail, once sent or given up, loses its address (decision 014)",
      run: (ctx) => eraseFarewellAddresses({ ctx }),
    },
  ],
};
