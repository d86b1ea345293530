import type { Feature } from '../../feature';
import { runTagging } from './tagging.service';
import { traitsRoutes } from './traits.routes';

export { kickTagging, requestTagging } from './tagging.service';

/** Traits of clients (MATCHING.md "Traits"): AI tagging after the intake, and the matchmaker's decisions. */
export const traitsFeature: Feature = {
  name: 'traits',
  api: traitsRoutes,
  jobs: [
    {
      name: 'trait-tagging',
      cron: '* * * * *',
      runAtStart: true,
      summary: "Clients whose intake notes or 'over mij' changed: the tagger suggests traits with evidence",
      run: (ctx) => runTagging({ ctx }),
    },
  ],
};
