import { describe, expect, it } from 'vitest';
import { ROUTES } from '../../../shared/routes';
import { quizFollowUp } from './follow-up';

describe("the results page's next step", () => {
  it('asks a paying client who has not had the intake to book it', () => {
    expect(
      quizFollowUp({ tier: 'Persoonlijk', contract_status: 'pending', subscription_status: 'active' }),
    ).toMatchObject({ label: 'Plan je intakegesprek', to: ROUTES.intakePlanning });
  });

  it('points a client without paid guidance (Relax, expired, cancelled) to the products', () => {
    for (const profile of [
      { tier: 'Relax', contract_status: 'pending', subscription_status: null },
      { tier: 'Persoonlijk', contract_status: 'pending', subscription_status: 'expired' },
      { tier: 'Relax', contract_status: 'pending', subscription_status: 'cancelled' },
    ] as const) {
      expect(quizFollowUp(profile).to, JSON.stringify(profile)).toBe(ROUTES.products);
    }
  });

  it('sends a client whose matching has begun to their proposals', () => {
    expect(
      quizFollowUp({
        tier: 'Persoonlijk',
        contract_status: 'active_for_matching',
        subscription_status: 'active',
      }),
    ).toMatchObject({ to: ROUTES.proposedMatches });
  });
});
