import { describe, expect, it } from 'vitest';
import type { ClientMatch } from '../../../shared/matches';
import { currentMatch, dateSteps } from './date-steps';

const now = new Date('2026-12-01T12:00:00Z');
const match = (overrides: Partial<ClientMatch>): ClientMatch => ({
  id: 'm1',
  status: 'accepted',
  accepted_at: '2026-11-20T10:00:00Z',
  scheduled_at: null,
  completed_at: null,
  cancelled_at: null,
  other: { id: 'pieter', first_name: 'Pieter' },
  date: null,
  feedback_given: false,
  ...overrides,
});
const states = (m: ClientMatch | undefined) => dateSteps(m, now).map((s) => s.state);
const current = (m: ClientMatch | undefined) => dateSteps(m, now).find((s) => s.state === 'current')?.title;

describe('"Wat gebeurt er nu?" follows the match (issue 27 item 3)', () => {
  it('walks from the proposal through the date to the feedback', () => {
    expect(states(undefined)).toEqual(['current', 'todo', 'todo', 'todo']);
    expect(current(undefined)).toBe('Antwoord op je voorstel');
    expect(states(match({}))).toEqual(['done', 'current', 'todo', 'todo']);
    expect(current(match({}))).toBe('Je matchmaker plant jullie date');

    const date = {
      place_name: 'Café De Zwaan',
      place_address: 'Grote Markt 1',
      place_url: null,
      message: null,
      move_requested: false,
    };
    const planned = match({ status: 'scheduled', scheduled_at: '2026-12-05T18:30:00Z', date });
    expect(states(planned)).toEqual(['done', 'done', 'current', 'todo']);
    expect(dateSteps(planned, now)[1]!.text).toBe('Op 5 december 2026 om 19:30 in Café De Zwaan.');
    // Its time has passed, not yet marked held: the feedback is next.
    const passed = match({ status: 'scheduled', scheduled_at: '2026-11-30T18:30:00Z', date });
    expect(states(passed)).toEqual(['done', 'done', 'done', 'current']);

    const held = match({
      status: 'completed',
      scheduled_at: '2026-11-30T18:30:00Z',
      completed_at: '2026-11-30T18:30:00Z',
      date,
    });
    expect(states(held)).toEqual(['done', 'done', 'done', 'current']);
    expect(current(held)).toBe('Vertel hoe het was');
    expect(states({ ...held, feedback_given: true })).toEqual(['done', 'done', 'done', 'done']);
    expect(dateSteps({ ...held, feedback_given: true }, now)[3]!.title).toBe('Bedankt voor je feedback');
  });

  it('says a declined or cancelled match stops and the matchmaker keeps looking', () => {
    for (const status of ['rejected', 'cancelled'] as const) {
      const steps = dateSteps(match({ status }), now);
      expect(steps.map((s) => s.state)).toEqual(['done', 'current']);
      expect(steps[1]!.title).toBe('Je matchmaker zoekt verder');
    }
  });

  it('follows a match under way before a newer one that stopped', () => {
    const stopped = match({ id: 'new', status: 'rejected' });
    const underWay = match({ id: 'old', status: 'scheduled', scheduled_at: '2026-12-05T18:30:00Z' });
    expect(currentMatch([stopped, underWay])?.id).toBe('old');
    expect(currentMatch([stopped])?.id).toBe('new');
    expect(currentMatch([])).toBeUndefined();
  });
});
