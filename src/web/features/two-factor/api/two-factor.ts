import type { VerifyBackupCodeInput, VerifyTotpInput } from '../../../../shared/two-factor';
import { authPost } from '../../../lib/auth-api';

export type { TwoFactorSetup } from '../../../lib/auth-api';
export { twoFactorStatusQueryKey, useTwoFactorStatus } from '../../../lib/two-factor-status';

/** Starts the setup: a new secret (shown as QR code) and backup codes; on once a code confirms it. */
export function startTwoFactor(password: string) {
  return authPost('/two-factor/enable', { password });
}

/** A code from the app: confirms the setup (signed in) or finishes a login (after the password). */
export function verifyTotp(input: VerifyTotpInput) {
  return authPost('/two-factor/verify-totp', input);
}

export function verifyBackupCode(input: VerifyBackupCodeInput) {
  return authPost('/two-factor/verify-backup-code', input);
}

export function disableTwoFactor(password: string) {
  return authPost('/two-factor/disable', { password });
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
