import { ROUTES } from '../../../../shared/routes';
import { authPost } from '../../../lib/auth-api';
import { VERIFIED_CALLBACK_URL } from './auth-paths';

export { VERIFIED_CALLBACK_URL };

export function signUp(input: { fullName: string; email: string; password: string }) {
  return authPost('/sign-up/email', {
    name: input.fullName,
    email: input.email,
    password: input.password,
    callbackURL: VERIFIED_CALLBACK_URL,
  });
}

export function signIn(input: { email: string; password: string }) {
  return authPost('/sign-in/email', { email: input.email, password: input.password });
}

export function sendVerificationEmail(email: string) {
  return authPost('/send-verification-email', { email, callbackURL: VERIFIED_CALLBACK_URL });
}

export function requestPasswordReset(email: string) {
  return authPost('/request-password-reset', { email, redirectTo: ROUTES.resetPassword });
}

export function resetPassword(input: { newPassword: string; token: string }, fallbackMessage: string) {
  return authPost('/reset-password', input, { fallbackMessage });
}
