import { AUTH_ERROR_MESSAGES } from '../../../../shared/auth';
import type { VerifyBackupCodeInput, VerifyTotpInput } from '../../../../shared/two-factor';
import { ApiError, apiFetch } from '../../../lib/api';

export { twoFactorStatusQueryKey, useTwoFactorStatus } from '../../../lib/two-factor-status';

/** A POST to better-auth's two-factor endpoints, its errors in Dutch. */
async function twoFactorPost<T>(path: string, json: unknown): Promise<T> {
  try {
    return await apiFetch<T>(`/api/auth/two-factor${path}`, { method: 'POST', json });
  } catch (error) {
    if (error instanceof ApiError) {
      const mapped = AUTH_ERROR_MESSAGES[error.code];
      if (mapped) throw new ApiError(error.status, error.code, mapped);
    }
    throw error;
  }
}

export interface TwoFactorSetup {
  totpURI: string;
  backupCodes: string[];
}

/** Starts the setup: a new secret (shown as QR code) and backup codes; on once a code confirms it. */
export function startTwoFactor(password: string) {
  return twoFactorPost<TwoFactorSetup>('/enable', { password });
}

/** A code from the app: confirms the setup (signed in) or finishes a login (after the password). */
export function verifyTotp(input: VerifyTotpInput) {
  return twoFactorPost<unknown>('/verify-totp', input);
}

export function verifyBackupCode(input: VerifyBackupCodeInput) {
  return twoFactorPost<unknown>('/verify-backup-code', input);
}

export function disableTwoFactor(password: string) {
  return twoFactorPost<unknown>('/disable', { password });
}

/** The key in an otpauth:// address, in groups of four, for typing it into an app by hand. */
export function manualKey(totpURI: string): string {
  try {
    const secret = new URL(totpURI).searchParams.get('secret') ?? '';
    return secret.replace(/(.{4})/g, '$1 ').trim();
  } catch {
    return '';
  }
}
