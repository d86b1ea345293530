import { describe, expect, it } from 'vitest';
import { addMonths, averagesByQuarter, feedbackDaysLeftText, quarterLabel } from './feedback';

describe('addMonths', () => {
  it('moves by calendar months and keeps to the last day of a shorter month', () => {
    expect(addMonths(new Date('2026-11-25T10:00:00Z'), -3).toISOString()).toBe('2026-08-25T10:00:00.000Z');
    expect(addMonths(new Date('2026-05-31T08:00:00Z'), -3).toISOString()).toBe('2026-02-28T08:00:00.000Z');
    expect(addMonths(new Date('2028-05-31T08:00:00Z'), -3).toISOString()).toBe('2028-02-29T08:00:00.000Z');
    expect(addMonths(new Date('2026-01-15T00:00:00Z'), -3).toISOString()).toBe('2025-10-15T00:00:00.000Z');
    expect(addMonths(new Date('2026-11-30T00:00:00Z'), 3).toISOString()).toBe('2027-02-28T00:00:00.000Z');
  });
});

describe('averagesByQuarter', () => {
  it('averages each rating per quarter, oldest first, leaving out ratings not given', () => {
    const row = (created_at: string, overall: number, communication: number | null) => ({
      created_at,
      overall_satisfaction_rating: overall,
      communication_rating: communication,
      preference_understanding_rating: null,
      match_quality_rating: null,
      responsiveness_rating: null,
    });
    const result = averagesByQuarter([
      row('2026-11-02T10:00:00Z', 5, 4),
      row('2026-02-01T10:00:00Z', 3, null),
      row('2026-10-01T10:00:00Z', 4, 2),
    ]);
    expect(result.map((q) => q.quarter)).toEqual(['K1 2026', 'K4 2026']);
    expect(result[0]).toMatchObject({
      count: 1,
      averages: { overall_satisfaction_rating: 3, communication_rating: null },
    });
    expect(result[1]).toMatchObject({
      count: 2,
      averages: { overall_satisfaction_rating: 4.5, communication_rating: 3 },
    });
    expect(quarterLabel('2026-12-31T12:00:00Z')).toBe('K4 2026');
  });
});

describe('feedbackDaysLeftText', () => {
  it('rounds the days up and never goes below 0', () => {
    const now = new Date('2026-11-25T12:00:00Z');
    expect(feedbackDaysLeftText('2026-12-01T12:00:00Z', now)).toBe('Nog 6 dagen');
    expect(feedbackDaysLeftText('2026-12-01T11:59:00Z', now)).toBe('Nog 6 dagen');
    expect(feedbackDaysLeftText('2026-11-26T12:00:01Z', now)).toBe('Nog 2 dagen');
    expect(feedbackDaysLeftText('2026-11-25T13:00:00Z', now)).toBe('Nog 1 dag');
    expect(feedbackDaysLeftText('2026-11-24T12:00:00Z', now)).toBe('Nog 0 dagen');
  });
});
