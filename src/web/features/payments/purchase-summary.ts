import { formatEuroCents } from '../../../shared/format';
import { type CheckoutSession, shortSessionId } from '../../../shared/payments';
import { tierInfo } from '../../../shared/tiers';

/** What /success shows of a checkout session (spec sections 2 and 9). */
export interface PurchaseSummary {
  /** amount_total / 100 in the Belgian Dutch currency format: "€ 165,00". */
  total: string;
  /** The session id cut to 20 characters. */
  reference: string;
  productName: string;
  productDescription: string;
  /** What happens next for the bought tier. */
  followUps: readonly string[];
}

/** The purchase shown on /success, or null when the session names no product. */
export function purchaseSummary(session: CheckoutSession): PurchaseSummary | null {
  const product = session.line_items.data[0]?.price.product;
  if (!product) return null;
  return {
    total: formatEuroCents(session.amount_total),
    reference: shortSessionId(session.id),
    productName: product.name,
    productDescription: product.description,
    followUps: tierInfo(session.metadata.tier).follow_ups,
  };
}
