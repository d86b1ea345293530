import { describe, expect, it } from 'vitest';
import { canCancelSubscription } from './payments';

describe('canCancelSubscription', () => {
  it('offers cancelling a running or grace-period paid tier to its client', () => {
    expect(canCancelSubscription({ role: 'client', tier: 'Relax+', subscription_status: 'active' })).toBe(
      true,
    );
    expect(
      canCancelSubscription({ role: 'client', tier: 'Persoonlijk', subscription_status: 'grace_period' }),
    ).toBe(true);
  });

  it('offers nothing on the free tier, after the end, or to staff', () => {
    expect(canCancelSubscription({ role: 'client', tier: 'Relax', subscription_status: null })).toBe(false);
    expect(canCancelSubscription({ role: 'client', tier: 'Relax', subscription_status: 'active' })).toBe(
      false,
    );
    expect(canCancelSubscription({ role: 'client', tier: 'Relax+', subscription_status: 'expired' })).toBe(
      false,
    );
    expect(canCancelSubscription({ role: 'client', tier: 'Relax+', subscription_status: 'cancelled' })).toBe(
      false,
    );
    expect(canCancelSubscription({ role: 'client', tier: 'Persoonlijk+', subscription_status: null })).toBe(
      false,
    );
    expect(
      canCancelSubscription({ role: 'matchmaker', tier: 'Persoonlijk', subscription_status: 'active' }),
    ).toBe(false);
    expect(canCancelSubscription({ role: 'admin', tier: 'Persoonlijk', subscription_status: 'active' })).toBe(
      false,
    );
  });
});
