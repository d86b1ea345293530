import { describe, expect, it } from 'vitest';
import type { ClientMatch } from '../../../shared/matches';
import { ROUTES } from '../../../shared/routes';
import { type JourneyState, nextSteps } from './next-steps';

const paid = { tier: 'Persoonlijk', subscription_status: 'active' } as const;
const match = (overrides: Partial<ClientMatch>): ClientMatch => ({
  id: 'm1',
  status: 'accepted',
  accepted_at: '2026-11-01T10:00:00Z',
  scheduled_at: null,
  completed_at: null,
  cancelled_at: null,
  other: { id: 'noor', first_name: 'Noor' },
  date: null,
  feedback_given: false,
  ...overrides,
});
const state = (overrides: Partial<JourneyState>): JourneyState => ({
  profile: { ...paid, contract_status: 'pending' },
  openProposals: 0,
  matches: [],
  ...overrides,
});

describe('the next steps of the account overview', () => {
  it('offers a Relax client the paid tiers, not an intake', () => {
    const steps = nextSteps(
      state({ profile: { tier: 'Relax', subscription_status: null, contract_status: 'pending' } }),
    );
    expect(steps.map((s) => [s.id, s.to])).toEqual([['tier', ROUTES.products]]);
  });

  it('sends a paying client without an intake to plan it', () => {
    const [intake] = nextSteps(state({}));
    expect(intake).toMatchObject({ id: 'intake', to: ROUTES.intakePlanning, done: false });
    expect(intake?.title).toBe('Plan je intakegesprek');
  });

  it('tells a client with a booked intake when it is, in Brussels time', () => {
    const [intake] = nextSteps(state({ upcomingIntakeAt: '2026-12-03T09:30:00Z' }));
    expect(intake).toMatchObject({ id: 'intake', title: 'Je intakegesprek staat gepland', done: false });
    expect(intake?.text).toContain('3 december 2026');
    expect(intake?.text).toContain('10:30');
  });

  it('no longer tells a client active for matching to plan the intake (Emma)', () => {
    const steps = nextSteps(state({ profile: { ...paid, contract_status: 'active_for_matching' } }));
    expect(steps.find((s) => s.id === 'intake')).toMatchObject({ done: true });
    expect(steps.some((s) => s.title === 'Plan je intakegesprek')).toBe(false);
  });

  it('treats an expired or cancelled membership as Relax again', () => {
    for (const subscription_status of ['expired', 'cancelled'] as const) {
      const steps = nextSteps(
        state({ profile: { tier: 'Persoonlijk', subscription_status, contract_status: 'pending' } }),
      );
      expect(steps.map((s) => s.id)).toEqual(['tier']);
    }
  });

  it('links open proposals, a date without feedback and a planned date', () => {
    const steps = nextSteps(
      state({
        profile: { ...paid, contract_status: 'active_for_matching' },
        openProposals: 2,
        matches: [
          match({ id: 'a', status: 'completed', other: { id: 'noor', first_name: 'Noor' } }),
          match({
            id: 'b',
            status: 'completed',
            feedback_given: true,
            other: { id: 'lien', first_name: 'Lien' },
          }),
          match({
            id: 'c',
            status: 'scheduled',
            scheduled_at: '2026-11-28T18:30:00Z',
            other: { id: 'jonas', first_name: 'Jonas' },
          }),
        ],
        now: new Date('2026-11-25T12:00:00Z'),
      }),
    );
    expect(steps.map((s) => [s.id, s.to])).toEqual([
      ['intake', ROUTES.intakePlanning],
      ['proposals', ROUTES.proposedMatches],
      ['feedback', ROUTES.matchAccepted],
      ['date', ROUTES.matchAccepted],
    ]);
    expect(steps[1]?.title).toBe('Beantwoord je 2 voorstellen');
    expect(steps[2]?.text).toContain('Noor');
    expect(steps[2]?.text).not.toContain('Lien');
    expect(steps[3]?.text).toBe('Met Jonas. Veel plezier!');
  });

  it('wishes no fun for a planned date whose time has passed: it asks for the feedback to come', () => {
    const steps = nextSteps(
      state({
        profile: { ...paid, contract_status: 'active_for_matching' },
        matches: [
          match({ id: 'p', status: 'scheduled', scheduled_at: '2026-11-20T18:30:00Z' }),
          match({
            id: 'f',
            status: 'scheduled',
            scheduled_at: '2026-12-02T18:30:00Z',
            other: { id: 'mats', first_name: 'Mats' },
          }),
        ],
        now: new Date('2026-11-25T12:00:00Z'),
      }),
    );
    const date = steps.find((s) => s.id === 'date');
    const passed = steps.find((s) => s.id === 'date-passed');
    expect(date?.text).toBe('Met Mats. Veel plezier!');
    expect(passed?.title).toBe('Hoe was je date?');
    expect(passed?.text).toContain('Noor');
    expect(passed?.text).not.toContain('Veel plezier');
  });

  it('shows the profile and quiz steps once their state is known, done or to do', () => {
    const steps = nextSteps(state({ profileComplete: false, quizFinished: true }));
    expect(steps.slice(0, 2).map((s) => [s.id, s.to, s.done])).toEqual([
      ['profile', ROUTES.profileForm, false],
      ['quiz', ROUTES.quizResults, true],
    ]);
  });
});
