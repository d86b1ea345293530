import { describe, expect, it } from 'vitest';
import { createMatchFeedbackSchema, createMatchSchema, respondToMatchSchema } from './matches';
import { MESSAGES } from './messages';

const messagesOf = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]);

/** The forms show these schemas' messages as they are: every rule a person can break says it in Dutch. */
describe('the match schemas speak Dutch', () => {
  it('a proposal without two clients, or with an introduction too short or too long', () => {
    expect(messagesOf(createMatchSchema.safeParse({ client1_id: '', client2_id: '' }))).toEqual([
      ['client1_id', MESSAGES.chooseTwoClients],
      ['client2_id', MESSAGES.chooseTwoClients],
    ]);
    expect(
      messagesOf(createMatchSchema.safeParse({ client1_id: 'a', client2_id: 'b', note: 'x'.repeat(1001) })),
    ).toEqual([['note', MESSAGES.introductionTooLong]]);
    expect(
      messagesOf(createMatchSchema.safeParse({ client1_id: 'a', client2_id: 'b', note: ' Samen koken. ' })),
    ).toEqual([['note', MESSAGES.introductionTooShort]]);
    const intro = 'Jullie koken allebei graag voor vrienden.';
    expect(createMatchSchema.parse({ client1_id: 'a', client2_id: 'b', note: `  ${intro}  ` }).note).toBe(
      intro,
    );
    // The API keeps it optional (older callers); the dialog's form requires it.
    expect(createMatchSchema.safeParse({ client1_id: 'a', client2_id: 'b' }).success).toBe(true);
  });

  it('feedback without a score or an answer', () => {
    expect(messagesOf(createMatchFeedbackSchema.safeParse({ feedback_text: '' }))).toEqual([
      ['rating', MESSAGES.chooseRatingAndMeetAgain],
      ['would_meet_again', MESSAGES.chooseRatingAndMeetAgain],
    ]);
    expect(createMatchFeedbackSchema.safeParse({ rating: 6, would_meet_again: true }).success).toBe(false);
  });

  it('a reason only with a rejection', () => {
    expect(
      messagesOf(respondToMatchSchema.safeParse({ response: 'accepted', rejection_reason: 'Nee' })),
    ).toEqual([['rejection_reason', MESSAGES.rejectionReasonOnlyWhenRejecting]]);
    expect(respondToMatchSchema.parse({ response: 'rejected', rejection_reason: ' Te ver. ' })).toEqual({
      response: 'rejected',
      rejection_reason: 'Te ver.',
    });
  });
});
