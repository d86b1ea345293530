import { describe, expect, it } from 'vitest';
import { TIERS } from './domain';
import {
  fallbackEventSlug,
  intakeFeedbackCountdown,
  sessionTypeFromEventName,
  submitIntakeFeedbackSchema,
  uuidFromUri,
} from './intake';
import { MESSAGES } from './messages';

describe('the scheduler rules of spec sections 5 and 9', () => {
  it('gives each tier its fallback link', () => {
    expect(TIERS.map(fallbackEventSlug)).toEqual([
      'general-consultation',
      'premium-consultation',
      'personal-intake',
      'vip-intake',
    ]);
  });

  it("types a session by the event type's name", () => {
    expect(sessionTypeFromEventName('Follow-up gesprek')).toBe('follow_up');
    expect(sessionTypeFromEventName('FOLLOW UP')).toBe('follow_up');
    expect(sessionTypeFromEventName('Coaching sessie')).toBe('coaching');
    expect(sessionTypeFromEventName('Persoonlijke intake')).toBe('intake');
    expect(sessionTypeFromEventName(undefined)).toBe('intake');
  });

  it("reads the UUID at the end of Calendly's URIs", () => {
    expect(uuidFromUri('https://api.calendly.com/scheduled_events/AAA-111')).toBe('AAA-111');
    expect(uuidFromUri('https://api.calendly.com/scheduled_events/AAA-111/')).toBe('AAA-111');
    expect(uuidFromUri(undefined)).toBeUndefined();
  });
});

describe('the intake feedback widget countdown', () => {
  const due = new Date('2026-12-08T12:00:00Z');
  it('shows days left, then hours left, then the deadline passed', () => {
    expect(intakeFeedbackCountdown(due, new Date('2026-12-01T12:00:00Z'))).toBe('Nog 7 dagen');
    expect(intakeFeedbackCountdown(due, new Date('2026-12-07T11:00:00Z'))).toBe('Nog 2 dagen');
    expect(intakeFeedbackCountdown(due, new Date('2026-12-07T12:00:00Z'))).toBe('Nog 1 dag');
    expect(intakeFeedbackCountdown(due, new Date('2026-12-07T12:00:01Z'))).toBe('Nog 24 uur');
    expect(intakeFeedbackCountdown(due, new Date('2026-12-08T11:30:00Z'))).toBe('Nog 1 uur');
    expect(intakeFeedbackCountdown(due, due)).toBe('Deadline verstreken');
    expect(intakeFeedbackCountdown(due, new Date('2026-12-09T00:00:00Z'))).toBe('Deadline verstreken');
  });
});

describe('the intake feedback form', () => {
  it('needs overall satisfaction, with the spec’s text', () => {
    const result = submitIntakeFeedbackSchema.safeParse({ professionalism_rating: 4 });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(MESSAGES.overallSatisfactionRequired);
    expect(submitIntakeFeedbackSchema.safeParse({ overall_satisfaction_rating: 5 }).success).toBe(true);
  });
});
