import type { UserProfile } from '../../../shared/account';
import { ROUTES } from '../../../shared/routes';

export interface QuizFollowUp {
  text: string;
  label: string;
  to: string;
}

/**
 * The results page's 'Wat nu?': the call to book the intake (MATCHING.md), or what fits instead
 * where the intake does not apply yet (no paid guidance) or is behind them (matching has begun).
 */
export function quizFollowUp(
  profile: Pick<UserProfile, 'tier' | 'contract_status' | 'subscription_status'>,
): QuizFollowUp {
  const { tier, contract_status, subscription_status } = profile;
  const isPaying =
    tier !== 'Relax' && subscription_status !== 'expired' && subscription_status !== 'cancelled';
  if (!isPaying) {
    return {
      text: 'Wil je dat een matchmaker je resultaat met je bespreekt en actief voor je zoekt? Dat kan met persoonlijke begeleiding.',
      label: 'Bekijk de begeleiding',
      to: ROUTES.products,
    };
  }
  if (contract_status === 'pending') {
    return {
      text: 'In het intakegesprek bespreekt je matchmaker je resultaat met je en leert je beter kennen. Zo wordt elk voorstel persoonlijker.',
      label: 'Plan je intakegesprek',
      to: ROUTES.intakePlanning,
    };
  }
  return {
    text: 'Je matchmaker ziet welke kenmerken de quiz bij je vermoedt en bespreekt ze met je voor ze meetellen bij het zoeken.',
    label: 'Bekijk je voorgestelde matches',
    to: ROUTES.proposedMatches,
  };
}
