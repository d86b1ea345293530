import { and, eq, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { firstName } from '../../../shared/format';
import type { Db } from '../../db/client';
import { client_match_responses, matches, user_profiles } from '../../db/schema';

export { refreshActivity } from '../../auth/activity';

export { listProposedMatchesForClient } from '../matches/matches.service';
