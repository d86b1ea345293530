import { z } from 'zod';
import { MESSAGES } from './messages';

/**
 * Issue 17 item 5: two-factor login (decision 018). The calls that set it up, confirm codes and
 * turn it off are better-auth's (`/api/auth/two-factor/*`); this is what the app asks of Koppel.
 */
export const twoFactorStatusSchema = z.object({
  /** An authenticator app is confirmed for this account. */
  enabled: z.boolean(),
  /** This account may not be without it (staff while STAFF_2FA=required). */
  required: z.boolean(),
  /** Staff without it while required: every other page and API answers 403 until it is set up. */
  setup_needed: z.boolean(),
  trust_device_days: z.number().int(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

export const twoFactorStatusResponseSchema = z.object({ two_factor: twoFactorStatusSchema });
export type TwoFactorStatusResponse = z.infer<typeof twoFactorStatusResponseSchema>;

/** better-auth's answer to a password sign-in of an account with 2FA: a code is still needed. */
export const twoFactorRedirectSchema = z.object({
  twoFactorRedirect: z.literal(true),
  twoFactorMethods: z.array(z.string()).optional(),
});

/** A code from the app: 6 digits (spaces allowed while typing). */
export const totpCodeSchema = z
  .string()
  .transform((v) => v.replace(/\s/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, MESSAGES.twoFactorCodeFormat));

/*
 * The bodies of better-auth's two-factor endpoints as the web app sends them. better-auth checks
 * them itself; these give the forms the same rules with Dutch messages.
 */

/** POST /api/auth/two-factor/enable and /disable: the password again, to start the setup or turn it off. */
export const twoFactorPasswordSchema = z.object({
  password: z.string().min(1, MESSAGES.twoFactorPasswordRequired),
});

/** POST /api/auth/two-factor/verify-totp: confirms the setup, or finishes a login (trusting the browser or not). */
export const verifyTotpSchema = z.object({
  code: totpCodeSchema,
  trustDevice: z.boolean().optional(),
});
export type VerifyTotpInput = z.output<typeof verifyTotpSchema>;

/** POST /api/auth/two-factor/verify-backup-code: a login's second step with a backup code. */
export const verifyBackupCodeSchema = z.object({
  code: z.string().trim().min(1, MESSAGES.twoFactorBackupCodeRequired),
  trustDevice: z.boolean().optional(),
});
export type VerifyBackupCodeInput = z.output<typeof verifyBackupCodeSchema>;
