import { z } from 'zod';
import { MAX_NAME_LENGTH, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from './domain';
import { MESSAGES } from './messages';

export const passwordSchema = z
  .string()
  .min(MIN_PASSWORD_LENGTH, MESSAGES.passwordTooShort)
  .max(MAX_PASSWORD_LENGTH, MESSAGES.passwordTooLong);

export const signUpSchema = z.object({
  full_name: z.string().trim().min(1, MESSAGES.allFieldsRequired).max(MAX_NAME_LENGTH, MESSAGES.nameTooLong),
  email: z.string().trim().min(1, MESSAGES.allFieldsRequired).email(MESSAGES.invalidEmail),
  password: z.string().min(1, MESSAGES.allFieldsRequired).pipe(passwordSchema),
});
export type SignUpInput = z.infer<typeof signUpSchema>;

export const resetPasswordSchema = z
  .object({ password: passwordSchema, confirm: z.string() })
  .refine((v) => v.password === v.confirm, { message: MESSAGES.passwordsDoNotMatch, path: ['confirm'] });

/**
 * better-auth error codes mapped to the Dutch text the user sees. The server rewrites its
 * answers with this map, so every client gets Dutch.
 */
export const AUTH_ERROR_MESSAGES: Record<string, string> = {
  INVALID_EMAIL_OR_PASSWORD: MESSAGES.loginFailed,
  INVALID_PASSWORD: MESSAGES.loginFailed,
  USER_NOT_FOUND: MESSAGES.loginFailed,
  CREDENTIAL_ACCOUNT_NOT_FOUND: MESSAGES.loginFailed,
  EMAIL_NOT_VERIFIED: MESSAGES.emailNotVerified,
  USER_ALREADY_EXISTS: MESSAGES.userAlreadyExists,
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: MESSAGES.userAlreadyExists,
  PASSWORD_TOO_SHORT: MESSAGES.passwordTooShort,
  PASSWORD_TOO_LONG: MESSAGES.passwordTooLong,
  PASSWORD_TOO_COMMON: MESSAGES.passwordTooCommon,
  PASSWORD_TOO_WEAK: MESSAGES.passwordTooWeak,
  PASSWORD_LIKE_EMAIL: MESSAGES.passwordLikeEmail,
  INVALID_EMAIL: MESSAGES.invalidEmail,
  INVALID_TOKEN: MESSAGES.invalidResetLink,
  TOO_MANY_REQUESTS: MESSAGES.tooManyRequests,
  // Issue 17: better-auth's two-factor plugin, and our own refusal to turn it off for staff.
  INVALID_CODE: MESSAGES.twoFactorInvalidCode,
  TOTP_CODE_USED: MESSAGES.twoFactorCodeUsed,
  INVALID_BACKUP_CODE: MESSAGES.twoFactorInvalidBackupCode,
  TOTP_ALREADY_ENABLED: MESSAGES.twoFactorAlreadyEnabled,
  TOTP_NOT_ENABLED: MESSAGES.twoFactorNotEnabled,
  TWO_FACTOR_NOT_ENABLED: MESSAGES.twoFactorNotEnabled,
  BACKUP_CODES_NOT_ENABLED: MESSAGES.twoFactorNotEnabled,
  INVALID_TWO_FACTOR_COOKIE: MESSAGES.twoFactorLoginExpired,
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: MESSAGES.twoFactorTooManyAttempts,
  ACCOUNT_TEMPORARILY_LOCKED: MESSAGES.twoFactorLocked,
  TWO_FACTOR_STAFF_REQUIRED: MESSAGES.twoFactorStaffRequired,
};
