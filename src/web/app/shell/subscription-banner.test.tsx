import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserProfile } from '../../../shared/account';
import { SubscriptionBanner } from './subscription-banner';

type BannerProfile = Pick<UserProfile, 'subscription_status' | 'grace_period_end_date' | 'tier'>;

const NOW = new Date('2026-11-22T12:00:00Z');
const render = (profile: BannerProfile) => renderToStaticMarkup(<SubscriptionBanner profile={profile} />);

describe('the subscription banner (spec section 4)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows nothing for an active subscription, none at all, or an unknown status', () => {
    expect(render({ subscription_status: 'active', grace_period_end_date: null, tier: 'Persoonlijk' })).toBe(
      '',
    );
    expect(render({ subscription_status: null, grace_period_end_date: null, tier: 'Relax' })).toBe('');
    const unknown = { subscription_status: 'paused', grace_period_end_date: null, tier: 'Relax' };
    expect(render(unknown as unknown as BannerProfile)).toBe('');
  });

  it('is yellow in the grace period, with the days left rounded up and a renew button', () => {
    const html = render({
      subscription_status: 'grace_period',
      grace_period_end_date: '2026-11-24T18:00:00Z',
      tier: 'Relax+',
    });
    expect(html).toContain('bg-amber-50');
    expect(html).toContain('Nog 3 dagen om te verlengen');
    expect(html).toContain('href="/dashboard/producten"');
    expect(html).toContain('Abonnement verlengen');
  });

  it('says 1 dag on the last day and never counts below 0', () => {
    const lastDay = render({
      subscription_status: 'grace_period',
      grace_period_end_date: '2026-11-22T13:00:00Z',
      tier: 'Persoonlijk',
    });
    expect(lastDay).toContain('Nog 1 dag om te verlengen');
    const passed = render({
      subscription_status: 'grace_period',
      grace_period_end_date: '2026-11-20T12:00:00Z',
      tier: 'Persoonlijk',
    });
    expect(passed).toContain('Nog 0 dagen om te verlengen');
  });

  it.each(['expired', 'cancelled'] as const)(
    'is red when %s: back to Relax, premium gone, an upgrade button',
    (status) => {
      const html = render({ subscription_status: status, grace_period_end_date: null, tier: 'Relax' });
      expect(html).toContain('bg-red-50');
      expect(html).toContain('Je lidmaatschap is teruggezet naar Relax.');
      expect(html).toContain('Premiumfuncties zijn niet langer beschikbaar.');
      expect(html).toContain('href="/dashboard/producten"');
      expect(html).toContain('Upgrade je lidmaatschap');
      expect(html).not.toContain('bg-amber-50');
    },
  );
});
