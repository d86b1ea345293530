import { describe, expect, it } from 'vitest';
import type { CheckoutSession } from '../../../shared/payments';
import { purchaseSummary } from './purchase-summary';

const session = (overrides: Partial<CheckoutSession> = {}): CheckoutSession => ({
  id: 'cs_test_a1B2c3D4e5F6g7H8i9J0kLmNoPqRsTuVwXyZ',
  currency: 'eur',
  amount_total: 16500,
  payment_status: 'paid',
  metadata: { tier: 'Relax+' },
  line_items: {
    data: [
      {
        price: {
          id: 'price_relax_plus',
          product: { name: 'Relax+', description: 'De community met een persoonlijk adviesgesprek.' },
        },
      },
    ],
  },
  ...overrides,
});

const plain = (text: string) => text.replace(/\u00a0/g, ' ');

describe('purchaseSummary', () => {
  it("shows the total in cents as Belgian euros, the id's first 20 characters and the product", () => {
    const summary = purchaseSummary(session())!;
    expect(plain(summary.total)).toBe('€ 165,00');
    expect(summary.reference).toBe('cs_test_a1B2c3D4e5F6...');
    expect(summary.productName).toBe('Relax+');
    expect(summary.productDescription).toBe('De community met een persoonlijk adviesgesprek.');
  });

  it("promises the bought tier's follow-ups that no task tracks (spec section 9, decision 032)", () => {
    expect(purchaseSummary(session())!.followUps).toEqual([]);
    const persoonlijk = purchaseSummary(
      session({ amount_total: 295000, metadata: { tier: 'Persoonlijk' } }),
    )!;
    expect(plain(persoonlijk.total)).toBe('€ 2.950,00');
    expect(persoonlijk.followUps).toEqual(['Je eerste matches volgen binnen 2 weken.']);
    const vip = purchaseSummary(session({ amount_total: 500000, metadata: { tier: 'Persoonlijk+' } }))!;
    expect(plain(vip.total)).toBe('€ 5.000,00');
    expect(vip.followUps).toEqual(['Je eerste matches volgen binnen de week.']);
  });

  it('keeps a short id whole', () => {
    expect(purchaseSummary(session({ id: 'demo_123' }))!.reference).toBe('demo_123');
  });

  it('has nothing to show without a line item', () => {
    expect(purchaseSummary(session({ line_items: { data: [] } }))).toBeNull();
  });
});
