import { APIError } from 'better-auth/api';
import { MAX_NAME_LENGTH } from '../../shared/domain';
import { MESSAGES } from '../../shared/messages';
import type { PasswordProblem } from './common-passwords';

const badRequest = (code: string, message: string) => new APIError('BAD_REQUEST', { code, message });

/**
 * PostgreSQL text cannot hold a NUL character: a value with one would fail in the database
 * (a 500 carrying the value in its message) instead of being refused as bad input.
 */
export function assertNoNulCharacters(...inputs: unknown[]) {
  const hasNul = (value: unknown, depth: number): boolean => {
    if (typeof value === 'string') return value.includes('\u0000');
    if (depth > 3 || value === null || typeof value !== 'object') return false;
    return Object.entries(value).some(([key, item]) => key.includes('\u0000') || hasNul(item, depth + 1));
  };
  if (inputs.some((input) => hasNul(input, 0))) throw badRequest('BAD_REQUEST', MESSAGES.badRequest);
}

/** A full name as sign-up and update-user accept it: a non-blank string of at most 200 characters. */
export function assertValidName(name: unknown) {
  if (name === undefined || name === null || (typeof name === 'string' && name.trim() === '')) {
    throw badRequest('FIELDS_REQUIRED', MESSAGES.allFieldsRequired);
  }
  if (typeof name !== 'string') throw badRequest('BAD_REQUEST', MESSAGES.badRequest);
  if (name.trim().length > MAX_NAME_LENGTH) throw badRequest('NAME_TOO_LONG', MESSAGES.nameTooLong);
}

export function passwordRefusal(problem: PasswordProblem) {
  return badRequest(
    problem,
    problem === 'PASSWORD_LIKE_EMAIL'
      ? MESSAGES.passwordLikeEmail
      : problem === 'PASSWORD_TOO_WEAK'
        ? MESSAGES.passwordTooWeak
        : MESSAGES.passwordTooCommon,
  );
}
