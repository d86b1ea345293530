import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../shared/messages';
import { followUpFormSchema, newMatchFormSchema, outcomeFormSchema, toLocalInputValue } from './form-schemas';

/** The first message per field path, as react-hook-form's resolver would show it. */
function messages(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  expect(result.success).toBe(false);
  return Object.fromEntries(result.error!.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('the outcome form', () => {
  it('sends a planned date as the ISO instant of the Brussels wall-clock time picked, whatever the browser zone', () => {
    const result = outcomeFormSchema.parse({
      outcome: 'scheduled',
      scheduled_at: '2026-12-05T19:30',
      note: '  ',
      place_name: ' Café De Zwaan ',
      place_address: 'Grote Markt 1, 2000 Antwerpen',
      place_url: '',
      message: ' Veel plezier! ',
    });
    expect(result).toEqual({
      outcome: 'scheduled',
      scheduled_at: '2026-12-05T18:30:00.000Z', // 19:30 in Brussels (CET, UTC+1)
      note: undefined,
      place_name: 'Café De Zwaan',
      place_address: 'Grote Markt 1, 2000 Antwerpen',
      place_url: '',
      message: 'Veel plezier!',
    });
    expect(toLocalInputValue(result.scheduled_at!)).toBe('2026-12-05T19:30');
  });

  it("asks for the date with the shared schema's message, at the date field", () => {
    for (const scheduled_at of ['', 'geen datum']) {
      const result = outcomeFormSchema.safeParse({
        outcome: 'scheduled',
        scheduled_at,
        note: '',
        place_name: 'Bar Bleu',
        place_address: 'Kouter 5, 9000 Gent',
      });
      expect(messages(result)).toEqual({ scheduled_at: MESSAGES.chooseDateTime });
    }
  });

  it('asks for the place and its address when planning (issue 27), and a web address that is one', () => {
    const result = outcomeFormSchema.safeParse({
      outcome: 'scheduled',
      scheduled_at: '2026-12-05T19:30',
      note: '',
      place_name: ' ',
      place_address: '',
    });
    expect(messages(result)).toEqual({
      place_name: MESSAGES.placeNameRequired,
      place_address: MESSAGES.placeAddressRequired,
    });
    const badUrl = outcomeFormSchema.safeParse({
      outcome: 'scheduled',
      scheduled_at: '2026-12-05T19:30',
      note: '',
      place_name: 'Bar Bleu',
      place_address: 'Kouter 5, 9000 Gent',
      place_url: 'javascript:alert(1)',
    });
    expect(messages(badUrl)).toEqual({ place_url: MESSAGES.placeUrlInvalid });
  });

  it('leaves the date out of the other outcomes and keeps a trimmed note', () => {
    expect(
      outcomeFormSchema.parse({
        outcome: 'cancelled',
        scheduled_at: '2026-12-05T19:30',
        note: ' Verhuisd. ',
      }),
    ).toEqual({ outcome: 'cancelled', scheduled_at: undefined, note: 'Verhuisd.' });
    const tooLong = outcomeFormSchema.safeParse({
      outcome: 'completed',
      scheduled_at: '',
      note: 'x'.repeat(2001),
    });
    expect(messages(tooLong)).toEqual({ note: MESSAGES.noteTooLong });
  });
});

describe('the follow-up form', () => {
  it('keeps the chosen day, at noon in Brussels', () => {
    const result = followUpFormSchema.parse({
      follow_up_date: '2026-12-20',
      notes: ' Ze zagen elkaar terug. ',
    });
    expect(result).toEqual({
      follow_up_date: '2026-12-20T11:00:00.000Z', // noon in Brussels (CET)
      notes: 'Ze zagen elkaar terug.',
    });
  });

  it("asks what happened and for a real date with the shared schema's messages", () => {
    expect(messages(followUpFormSchema.safeParse({ follow_up_date: '2026-12-20', notes: '   ' }))).toEqual({
      notes: MESSAGES.followUpNotesRequired,
    });
    expect(messages(followUpFormSchema.safeParse({ follow_up_date: 'morgen', notes: 'x' }))).toEqual({
      follow_up_date: MESSAGES.chooseValidDate,
    });
  });
});

describe('the new-match form (issue 27)', () => {
  const pair = { client1_id: 'a', client2_id: 'b', override_reason: '' };
  it('requires the introduction, in Dutch, that the API keeps optional', () => {
    expect(messages(newMatchFormSchema.safeParse(pair))).toEqual({ note: MESSAGES.introductionTooShort });
    expect(messages(newMatchFormSchema.safeParse({ ...pair, note: '   ' }))).toEqual({
      note: MESSAGES.introductionTooShort,
    });
    expect(messages(newMatchFormSchema.safeParse({ ...pair, note: 'x'.repeat(1001) }))).toEqual({
      note: MESSAGES.introductionTooLong,
    });
    expect(newMatchFormSchema.parse({ ...pair, note: ' Jullie wandelen allebei elke zondag. ' }).note).toBe(
      'Jullie wandelen allebei elke zondag.',
    );
  });
});
