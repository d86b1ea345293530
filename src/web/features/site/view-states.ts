import type { UseQueryResult } from '@tanstack/react-query';
import type { MatchmakerProfile, MatchmakerSummary } from '../../../shared/matchmakers';
import { ApiError } from '../../lib/api';
import type { MatchmakerProfileState } from './components/matchmaker-profile-view';
import type { MatchmakersState } from './components/matchmakers-dropdown';

/** The app's query for the matchmakers, as the state the landing page's views show. */
export function toMatchmakersState(query: UseQueryResult<MatchmakerSummary[]>): MatchmakersState {
  if (query.data) return { status: 'ready', matchmakers: query.data };
  if (query.error) return { status: 'error', message: query.error.message };
  return { status: 'loading' };
}

/** An unknown or inactive slug (404, and 400 for a slug the rule cannot produce) is "not found". */
export function toProfileState(query: UseQueryResult<MatchmakerProfile>): MatchmakerProfileState {
  if (query.data) return { status: 'ready', matchmaker: query.data };
  if (query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400)) {
    return { status: 'not-found' };
  }
  if (query.error) return { status: 'error', message: query.error.message };
  return { status: 'loading' };
}
