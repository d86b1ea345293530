import { dictionary } from '@zxcvbn-ts/language-common';

/** The most common passwords (zxcvbn-ts's ranked list), refused at sign-up, reset and change. */
const COMMON_PASSWORD_LIMIT = 10_000;

/**
 * Words the English list misses that people here pick first: Dutch words, the Belgian keyboard,
 * places, and our own name. Refused alone and with digits or signs around them ('Koppel2026',
 * 'welkom01', 'Wachtwoord!').
 */
const LOCAL_WORDS = [
  'wachtwoord',
  'wachtwoordje',
  'paswoord',
  'passwoord',
  'welkom',
  'geheim',
  'hallo',
  'liefde',
  'liefje',
  'lieverd',
  'schatje',
  'schat',
  'prinses',
  'voetbal',
  'zomer',
  'winter',
  'lente',
  'herfst',
  'zonneschijn',
  'konijn',
  'poesje',
  'hondje',
  'azerty',
  'azertyuiop',
  'qwerty',
  'belgie',
  'vlaanderen',
  'brussel',
  'antwerpen',
  'gent',
  'brugge',
  'leuven',
  'mechelen',
  'hasselt',
  'single',
  'dating',
  'liefdesleven',
  'koppel',
  'koppelbureau',
  'matchmaker',
  'matchmaking',
];

let common: Set<string> | null = null;
const localWords = new Set(LOCAL_WORDS);

/** Lower case without accents ('België' → 'belgie'). */
function normalise(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}

/** The word inside digits, years and signs: 'Koppel2026!' → 'koppel'. */
function core(text: string): string {
  return text.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '');
}

export type PasswordProblem = 'PASSWORD_TOO_COMMON' | 'PASSWORD_LIKE_EMAIL';

/**
 * Why a new password is refused, if it is: one of the most common passwords or a local word
 * dressed up with digits, or the account's own e-mail address (or the part before the @).
 */
export function passwordProblem(password: string, email?: string | null): PasswordProblem | null {
  if (!common) {
    const ranked = (dictionary as Record<string, string[]>)['passwords-common'] ?? [];
    common = new Set(ranked.slice(0, COMMON_PASSWORD_LIMIT));
  }
  const plain = normalise(password);
  if (common.has(password.toLowerCase()) || common.has(plain) || localWords.has(core(plain))) {
    return 'PASSWORD_TOO_COMMON';
  }
  if (email) {
    const address = normalise(email.trim());
    const localPart = address.split('@')[0] ?? '';
    const word = core(plain);
    if (plain === address || plain === localPart || (word !== '' && word === core(localPart))) {
      return 'PASSWORD_LIKE_EMAIL';
    }
  }
  return null;
}

export function isCommonPassword(password: string): boolean {
  return passwordProblem(password) === 'PASSWORD_TOO_COMMON';
}
