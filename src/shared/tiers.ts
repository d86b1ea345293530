import type { Tier } from './domain';

export interface TierInfo {
  tier: Tier;
  name: string;
  description: string;
  /** Price in whole euros; 0 for the free tier. One-time payment. */
  price: number;
  currency: 'EUR';
  mode: 'payment';
  /** The catalogue's price id (replaced by STRIPE_PRICE_* on the server when Stripe is configured). */
  price_id: string;
  includes: readonly string[];
  /**
   * Promised follow-ups shown on /success (spec section 9) that no task tracks. The timed ones (a
   * call, contact, the invitation, the welcome mail) come from the purchase's tasks, with their
   * real due day (issue 29, decision 032).
   */
  follow_ups: readonly string[];
}

export const TIER_CATALOGUE: readonly TierInfo[] = [
  {
    tier: 'Relax',
    name: 'Relax',
    description: 'Gratis lid van de Koppel-community.',
    price: 0,
    currency: 'EUR',
    mode: 'payment',
    price_id: 'price_relax',
    includes: ['Toegang tot de community', 'Je profiel en de persoonlijkheidsquiz'],
    follow_ups: [],
  },
  {
    tier: 'Relax+',
    name: 'Relax+',
    description: 'De community met een persoonlijk adviesgesprek en voorrang bij activiteiten.',
    price: 165,
    currency: 'EUR',
    mode: 'payment',
    price_id: 'price_relax_plus',
    includes: ['Alles van Relax', 'Een persoonlijk adviesgesprek', 'Voorrang bij community-activiteiten'],
    follow_ups: [],
  },
  {
    tier: 'Persoonlijk',
    name: 'Persoonlijk',
    description: 'Persoonlijke begeleiding met 4 persoonlijk samengestelde dates.',
    price: 2950,
    currency: 'EUR',
    mode: 'payment',
    price_id: 'price_persoonlijk',
    includes: [
      'Een intakegesprek met je matchmaker',
      '4 persoonlijk samengestelde dates',
      'Feedback na elke date',
    ],
    follow_ups: ['Je eerste matches volgen binnen 2 weken.'],
  },
  {
    tier: 'Persoonlijk+',
    name: 'Persoonlijk+',
    description: 'VIP-begeleiding met 4 dates, waarvan 1 op de wachtlijst.',
    price: 5000,
    currency: 'EUR',
    mode: 'payment',
    price_id: 'price_persoonlijk_plus',
    includes: ['Alles van Persoonlijk', '4 dates, waarvan 1 op de wachtlijst', 'VIP-begeleiding'],
    follow_ups: ['Je eerste matches volgen binnen de week.'],
  },
];

export function tierInfo(tier: Tier): TierInfo {
  const info = TIER_CATALOGUE.find((t) => t.tier === tier);
  if (!info) throw new Error(`Unknown tier ${tier}`);
  return info;
}
