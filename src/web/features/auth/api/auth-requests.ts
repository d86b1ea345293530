import { AUTH_ERROR_MESSAGES } from '../../../../shared/auth';
import { ROUTES } from '../../../../shared/routes';
import { ApiError, type ApiFetchInit, apiFetch } from '../../../lib/api';

/** Where the e-mail confirmation link lands after the server verified it. */
export const VERIFIED_CALLBACK_URL = `${ROUTES.login}?bevestigd=1`;

/**
 * POST to better-auth. Its errors are `{ code, message }`; the code is mapped to our Dutch text,
 * falling back to the server's message.
 */
async function authPost<T>(path: string, json: unknown, init: ApiFetchInit = {}): Promise<T> {
  try {
    return await apiFetch<T>(`/api/auth${path}`, { ...init, method: 'POST', json });
  } catch (error) {
    if (error instanceof ApiError) {
      const mapped = AUTH_ERROR_MESSAGES[error.code];
      if (mapped) throw new ApiError(error.status, error.code, mapped);
    }
    throw error;
  }
}

export function signUp(input: { fullName: string; email: string; password: string }): Promise<unknown> {
  return authPost('/sign-up/email', {
    name: input.fullName,
    email: input.email,
    password: input.password,
    callbackURL: VERIFIED_CALLBACK_URL,
  });
}

export function signIn(input: { email: string; password: string }): Promise<unknown> {
  return authPost('/sign-in/email', { email: input.email, password: input.password });
}

export function sendVerificationEmail(email: string): Promise<unknown> {
  return authPost('/send-verification-email', { email, callbackURL: VERIFIED_CALLBACK_URL });
}

export function requestPasswordReset(email: string): Promise<unknown> {
  return authPost('/request-password-reset', { email, redirectTo: ROUTES.resetPassword });
}

export function resetPassword(input: { newPassword: string; token: string }, fallbackMessage: string) {
  return authPost<unknown>('/reset-password', input, { fallbackMessage });
}
