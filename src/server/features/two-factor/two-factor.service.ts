import { eq } from 'drizzle-orm';
import type { TwoFactorStatus } from '../../../shared/two-factor';
import { TRUST_DEVICE_DAYS } from '../../auth/two-factor';
import { type AppContext, needsSecondFactor } from '../../context';
import { two_factor, user, user_profiles } from '../../db/schema';

/** Whether the account has a confirmed authenticator app, and whether it may go without. */
export async function getTwoFactorStatus({
  ctx,
  user_id,
}: {
  ctx: AppContext;
  user_id: string;
}): Promise<TwoFactorStatus> {
  const [row] = await ctx.db
    .select({ enabled: user.twoFactorEnabled, role: user_profiles.role, verified: two_factor.verified })
    .from(user)
    .leftJoin(user_profiles, eq(user_profiles.id, user.id))
    .leftJoin(two_factor, eq(two_factor.userId, user.id))
    .where(eq(user.id, user_id));
  const enabled = Boolean(row?.enabled && row.verified !== false);
  const role = row?.role ?? null;
  const required = role !== null && ctx.env.STAFF_2FA === 'required' && role !== 'client';
  return {
    enabled,
    required,
    setup_needed: role !== null && needsSecondFactor(ctx, role, { twoFactorEnabled: enabled }),
    trust_device_days: TRUST_DEVICE_DAYS,
  };
}
