import { describe, expect, it } from 'vitest';
import { type PackageDates, packageDatesLabel, scoreBand, waitingLabel } from './magic-match';

describe('magic match texts', () => {
  it('says how long a client waited in whole days', () => {
    const now = new Date('2026-11-25T12:00:00Z');
    expect(waitingLabel(null, now)).toBe('Wacht sinds kort');
    expect(waitingLabel('2026-11-25T08:00:00Z', now)).toBe('Wacht sinds vandaag');
    expect(waitingLabel('2026-11-24T08:00:00Z', now)).toBe('Wacht 1 dag');
    expect(waitingLabel('2026-11-13T12:00:00Z', now)).toBe('Wacht 12 dagen');
    expect(waitingLabel('2026-11-26T12:00:00Z', now)).toBe('Wacht sinds vandaag');
  });
  it("labels the package's dates as 'Date n van 4'", () => {
    const dates = (completed: number): PackageDates => ({
      tier: 'Persoonlijk',
      included: 4,
      completed,
      in_progress: 0,
      term_started_at: null,
      term_ends_at: null,
      has_waiting_list_date: false,
      dates: [],
    });
    expect(packageDatesLabel(dates(0))).toBe('Nog geen date gehad (0 van 4)');
    expect(packageDatesLabel(dates(2))).toBe('Date 2 van 4');
    expect(packageDatesLabel(dates(4))).toBe('Date 4 van 4');
    expect(packageDatesLabel(dates(5))).toBe('Date 5: 1 extra boven de 4 van het pakket');
  });
  it('bands a score', () => {
    expect(scoreBand(100).band).toBe('excellent');
    expect(scoreBand(0).band).toBe('weak');
    expect(scoreBand(45).band).toBe('fair');
    // Issue 28: a score of 7 with three frictions is not "Redelijk"; frictions hold a band down.
    expect(scoreBand(7, { major: 3, total: 3 }).label).toBe('Zwak');
    expect(scoreBand(80, { major: 1, total: 1 }).label).toBe('Redelijk');
    expect(scoreBand(60, { major: 0, total: 3 }).label).toBe('Redelijk');
  });
});
