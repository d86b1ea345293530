import type { VerifyBackupCodeInput, VerifyTotpInput } from '../../shared/two-factor';
import { AuthError, apiErrorOf, isAbort, networkError, stringField } from './api-error';
import { fetchAuth } from './auth-fetch';

/** What the two-factor setup answers: the secret as an otpauth:// address, and the backup codes. */
export interface TwoFactorSetup {
  totpURI: string;
  backupCodes: string[];
}

/**
 * The better-auth endpoints the web calls (under /api/auth), with the body each takes and what we
 * read of its answer. They are better-auth's contract, not our routes: the typed client (`api.ts`)
 * does not cover them (decision 023), so they are typed here by hand. An answer we only check with
 * a zod schema (sign-in's `twoFactorRedirect`) is `unknown`.
 */
interface AuthEndpoints {
  '/sign-up/email': {
    body: { name: string; email: string; password: string; callbackURL: string };
    answer: unknown;
  };
  '/sign-in/email': { body: { email: string; password: string }; answer: unknown };
  '/sign-out': { body: Record<string, never>; answer: unknown };
  '/send-verification-email': { body: { email: string; callbackURL: string }; answer: unknown };
  '/request-password-reset': { body: { email: string; redirectTo: string }; answer: unknown };
  '/reset-password': { body: { newPassword: string; token: string }; answer: unknown };
  '/change-password': { body: { currentPassword: string; newPassword: string }; answer: unknown };
  '/two-factor/enable': { body: { password: string }; answer: TwoFactorSetup };
  '/two-factor/disable': { body: { password: string }; answer: unknown };
  '/two-factor/verify-totp': { body: VerifyTotpInput; answer: unknown };
  '/two-factor/verify-backup-code': { body: VerifyBackupCodeInput; answer: unknown };
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => '');
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * A POST to better-auth on the same origin with the session cookie. A refusal is an AuthError with
 * the server's text: the server answers better-auth's codes with our Dutch texts
 * (`translateAuthError`, `AUTH_ERROR_MESSAGES`), so this module needs neither, and the public
 * pages' sign-out chunk loads no zod. Without a text: `fallbackMessage`, else the text of the code.
 */
export async function authPost<Path extends keyof AuthEndpoints>(
  path: Path,
  body: AuthEndpoints[Path]['body'],
  { fallbackMessage }: { fallbackMessage?: string } = {},
): Promise<AuthEndpoints[Path]['answer']> {
  let response: Response;
  try {
    response = await fetchAuth(path, body);
  } catch (error) {
    if (isAbort(error)) throw error;
    throw networkError();
  }
  const payload = await readBody(response);
  if (response.ok) return payload as AuthEndpoints[Path]['answer'];
  const { status, code, message } = apiErrorOf(response.status, payload, fallbackMessage);
  throw new AuthError(status, code, message, stringField(payload, 'code'));
}
