import type { Feature } from '../../feature';
import { profileRoutes } from './profile.routes';

/** The client's own profile (issue 14): the five-step form, photos, the overview, trait corrections. */
export const profileFeature: Feature = {
  name: 'profile',
  api: profileRoutes,
};

/** For account deletion and the export: the storage keys of a client's photos. */
/** For the client's file (issue 15): the profile as the client's overview shows it. */
export {
  getOwnProfile,
  type OwnProfileRows,
  ownProfileQueries,
  photoKeysOf,
  toOwnProfile,
} from './profile.service';
