export { refreshActivity } from '../../auth/activity';

export { listAcceptedMatchesForClient, listProposedMatchesForClient } from '../matches/matches.service';
