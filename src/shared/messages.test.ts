import { describe, expect, it } from 'vitest';
import { DUTCH_FOR_SPEC_TEXT, dutchFirst, FALLBACK_MESSAGES, MESSAGES } from './messages';

/** Words that only an English sentence has. */
const ENGLISH = /\b(failed|invalid|access|user|not|fetch|load|update|create|submit)\b/i;

describe('Dutch first', () => {
  it("gives each English text the spec prescribes a Dutch sentence, and keeps the spec's text as the detail", () => {
    const english = [
      MESSAGES.schedulerLoadFailed,
      MESSAGES.invalidSchedulerUrl,
      MESSAGES.unauthorized,
      MESSAGES.notAuthenticated,
      MESSAGES.sessionUnavailable,
      ...Object.values(FALLBACK_MESSAGES),
    ];
    expect(Object.keys(DUTCH_FOR_SPEC_TEXT).sort()).toEqual([...english].sort());
    for (const text of english) {
      const shown = dutchFirst(text);
      expect(shown.detail).toBe(text);
      expect(shown.text).not.toMatch(ENGLISH);
      expect(shown.text).toMatch(/\.$/);
    }
  });

  it('leaves a Dutch text as it is, without a detail', () => {
    expect(dutchFirst(MESSAGES.loginFailed)).toEqual({ text: MESSAGES.loginFailed, detail: null });
  });

  it('has no other English text among the messages a person sees', () => {
    const englishOnes = Object.values(MESSAGES).filter(
      (text) => ENGLISH.test(text) && !DUTCH_FOR_SPEC_TEXT[text],
    );
    expect(englishOnes).toEqual([]);
  });
});
