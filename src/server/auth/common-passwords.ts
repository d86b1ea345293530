import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import { dictionary as dutchDictionary } from '@zxcvbn-ts/language-nl-be';
import { MIN_PASSWORD_LENGTH } from '../../shared/domain';

/**
 * The demo accounts' password, printed in the README and the start-up banner: the seed gives it to
 * the demo accounts (which it creates itself), and no new password may be it (issue 30).
 */
export const DEMO_PASSWORD = 'koppel-demo-2026';

/**
 * Issue 30: the lowest zxcvbn score (0 to 4) a new password may have: 2 is "somewhat guessable"
 * (about a million guesses and up), which refuses 'abcdef', 'aaaaaa' and 'emma1990' for Emma.
 */
export const MIN_PASSWORD_SCORE = 2;

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
let scorer: ZxcvbnFactory | null = null;
const localWords = new Set(LOCAL_WORDS);

/** Lower case without accents ('België' → 'belgie'). */
function normalise(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}

/** The word inside digits, years and signs: 'Koppel2026!' → 'koppel'. */
function core(text: string): string {
  return text.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '');
}

export type PasswordProblem = 'PASSWORD_TOO_COMMON' | 'PASSWORD_LIKE_EMAIL' | 'PASSWORD_TOO_WEAK';

/** What a password is checked against: the account's address and the person's name. */
export interface PasswordOwner {
  email?: string | null;
  name?: string | null;
}

/**
 * Why a new password is refused, if it is: one of the most common passwords or a local word
 * dressed up with digits, the demo password, the account's own e-mail address (or the part before
 * the @), or a zxcvbn score below MIN_PASSWORD_SCORE with the person's name and address as words
 * an attacker would try first (issue 30).
 */
export function passwordProblem(
  password: string,
  owner: PasswordOwner | string | null = {},
): PasswordProblem | null {
  const { email, name } = typeof owner === 'string' || owner === null ? { email: owner, name: null } : owner;
  if (!common) {
    const ranked = (dictionary as Record<string, string[]>)['passwords-common'] ?? [];
    common = new Set(ranked.slice(0, COMMON_PASSWORD_LIMIT));
  }
  const plain = normalise(password);
  if (
    common.has(password.toLowerCase()) ||
    common.has(plain) ||
    localWords.has(core(plain)) ||
    plain === DEMO_PASSWORD
  ) {
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
  // Too short is better-auth's own refusal (PASSWORD_TOO_SHORT), the more useful message.
  if (password.length < MIN_PASSWORD_LENGTH) return null;
  scorer ??= new ZxcvbnFactory({
    graphs: adjacencyGraphs,
    dictionary: { ...dictionary, ...dutchDictionary },
  });
  const localPart = email?.split('@')[0] ?? '';
  const inputs = [email, localPart, ...localPart.split(/[._+-]+/), name, ...(name ?? '').split(/\s+/)].filter(
    (v): v is string => !!v && v.length > 1,
  );
  if (scorer.check(password, inputs).score < MIN_PASSWORD_SCORE) return 'PASSWORD_TOO_WEAK';
  return null;
}

export function isCommonPassword(password: string): boolean {
  return passwordProblem(password) === 'PASSWORD_TOO_COMMON';
}
