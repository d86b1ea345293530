import { z } from 'zod';

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
  .pipe(z.string().regex(/^\d{6}$/));
