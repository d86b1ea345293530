import type { UserProfile } from '../../../shared/api';
import { PAID_TIERS } from '../../../shared/payments';

type MembershipProfile = Pick<UserProfile, 'role' | 'tier' | 'subscription_status'>;

/** Whether the settings page offers to cancel: a client on a paid tier that is running or in its grace period. */
export function canCancelSubscription(profile: MembershipProfile): boolean {
  return (
    profile.role === 'client' &&
    PAID_TIERS.includes(profile.tier) &&
    (profile.subscription_status === 'active' || profile.subscription_status === 'grace_period')
  );
}
