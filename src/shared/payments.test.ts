import { describe, expect, it } from 'vitest';
import { canCancelSubscription, contractStatusForMembership, hasRunningPaidTerm } from './payments';

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

describe('contractStatusForMembership (decision 024)', () => {
  const paid = { tier: 'Persoonlijk', subscription_status: 'active' } as const;

  it('ends matching when the paid term expired or was cancelled, from pending, active or paused', () => {
    for (const subscription_status of ['expired', 'cancelled'] as const) {
      for (const contract_status of ['pending', 'active_for_matching', 'paused', 'ended'] as const) {
        expect(
          contractStatusForMembership({ tier: 'Relax', subscription_status, contract_status }, true),
        ).toBe('ended');
      }
    }
  });

  it('brings an ended client back with a running term: active after a completed intake, else pending', () => {
    expect(contractStatusForMembership({ ...paid, contract_status: 'ended' }, true)).toBe(
      'active_for_matching',
    );
    expect(contractStatusForMembership({ ...paid, contract_status: 'ended' }, false)).toBe('pending');
    expect(
      contractStatusForMembership(
        { tier: 'Relax+', subscription_status: 'grace_period', contract_status: 'ended' },
        true,
      ),
    ).toBe('active_for_matching');
  });

  it('leaves everything else as it is', () => {
    expect(contractStatusForMembership({ ...paid, contract_status: 'pending' }, true)).toBe('pending');
    expect(contractStatusForMembership({ ...paid, contract_status: 'paused' }, true)).toBe('paused');
    expect(
      contractStatusForMembership(
        { tier: 'Relax', subscription_status: null, contract_status: 'pending' },
        true,
      ),
    ).toBe('pending');
  });

  it('a running paid term: a paid tier, active or in its grace period', () => {
    expect(hasRunningPaidTerm(paid)).toBe(true);
    expect(hasRunningPaidTerm({ tier: 'Relax+', subscription_status: 'grace_period' })).toBe(true);
    expect(hasRunningPaidTerm({ tier: 'Relax', subscription_status: 'active' })).toBe(false);
    expect(hasRunningPaidTerm({ tier: 'Persoonlijk+', subscription_status: 'cancelled' })).toBe(false);
    expect(hasRunningPaidTerm({ tier: 'Persoonlijk+', subscription_status: null })).toBe(false);
  });
});
