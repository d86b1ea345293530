import { describe, expect, it } from 'vitest';
import {
  codeForStatus,
  DUTCH_FOR_SPEC_TEXT,
  dutchFirst,
  ERRORS,
  FALLBACK_MESSAGES,
  isErrorCode,
  MESSAGES,
} from './messages';

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

describe('the error table (ERRORS)', () => {
  it('gives every code an HTTP error status and one of the catalogue texts', () => {
    const texts = new Set<string>(Object.values(MESSAGES));
    for (const [code, { status, message }] of Object.entries(ERRORS)) {
      expect(status, code).toBeGreaterThanOrEqual(400);
      expect(status, code).toBeLessThan(600);
      expect(texts.has(message), code).toBe(true);
    }
  });

  it('knows its own codes only: not an inherited name, not a better-auth code', () => {
    expect(isErrorCode('DUPLICATE_MATCH')).toBe(true);
    expect(isErrorCode('toString')).toBe(false);
    expect(isErrorCode('INVALID_EMAIL_OR_PASSWORD')).toBe(false);
    expect(isErrorCode(undefined)).toBe(false);
  });

  it('gives a bare status the code the server answers it with', () => {
    expect(codeForStatus(400)).toBe('BAD_REQUEST');
    expect(codeForStatus(401)).toBe('NOT_AUTHENTICATED');
    expect(codeForStatus(403)).toBe('UNAUTHORIZED');
    expect(codeForStatus(404)).toBe('NOT_FOUND');
    expect(codeForStatus(413)).toBe('PAYLOAD_TOO_LARGE');
    expect(codeForStatus(415)).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect(codeForStatus(429)).toBe('TOO_MANY_REQUESTS');
    // Not the first 409 of the table (DUPLICATE_MATCH): a bare status names no particular conflict.
    expect(codeForStatus(409)).toBe('BAD_REQUEST');
    expect(codeForStatus(502)).toBe('INTERNAL');
  });
});
