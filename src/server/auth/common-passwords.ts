import { dictionary } from '@zxcvbn-ts/language-common';

/** The most common passwords (zxcvbn-ts's ranked list), refused at sign-up and reset. */
const COMMON_PASSWORD_LIMIT = 10_000;

let common: Set<string> | null = null;

export function isCommonPassword(password: string): boolean {
  if (!common) {
    const ranked = (dictionary as Record<string, string[]>)['passwords-common'] ?? [];
    common = new Set(ranked.slice(0, COMMON_PASSWORD_LIMIT));
  }
  return common.has(password.toLowerCase());
}
