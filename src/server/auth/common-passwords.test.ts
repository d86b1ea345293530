import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, passwordProblem } from './common-passwords';

describe('passwordProblem', () => {
  it('refuses common, Dutch and brand passwords, whatever the case and the digits or signs around them', () => {
    for (const password of [
      'password1',
      'wachtwoord',
      'Wachtwoord2026!',
      'welkom01',
      'koppel123',
      'Koppel2026',
      '2026koppel',
      'België1830',
      'AZERTY',
    ]) {
      expect(passwordProblem(password), password).toBe('PASSWORD_TOO_COMMON');
    }
  });

  it("refuses the account's e-mail address and the part before the @", () => {
    for (const password of [
      'anna.peeters@example.be',
      'ANNA.PEETERS@EXAMPLE.BE',
      'Anna.Peeters',
      'anna.peeters-1990',
    ]) {
      expect(passwordProblem(password, 'Anna.Peeters@example.be'), password).toBe('PASSWORD_LIKE_EMAIL');
    }
  });

  it('refuses the demo password (printed in the README) for any new password (issue 30)', () => {
    expect(passwordProblem(DEMO_PASSWORD, 'anna.peeters@example.be')).toBe('PASSWORD_TOO_COMMON');
  });

  it('accepts passwords that only contain such words', () => {
    for (const password of ['koppel-kiest-2026', 'zonnebloem-42', 'nieuw-geheim-77', 'anna-houdt-van-zee']) {
      expect(passwordProblem(password, 'anna.peeters@example.be'), password).toBeNull();
    }
  });
});
