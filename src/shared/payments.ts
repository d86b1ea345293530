import { z } from 'zod';
import {
  type ContractStatus,
  PAYMENT_STATUSES,
  type Role,
  type SubscriptionStatus,
  TIERS,
  type Tier,
} from './domain';
import { TIER_CATALOGUE } from './tiers';

/** The tiers a client can buy (every tier but the free one). */
export const PAID_TIERS = TIER_CATALOGUE.filter((t) => t.price > 0).map((t) => t.tier) as [Tier, ...Tier[]];

/** The same day `months` later, or the month's last day when it is shorter (29 February + 12 → 28 February). */
export function addMonths(date: Date, months: number): Date {
  const next = new Date(date);
  next.setUTCDate(1);
  next.setUTCMonth(next.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(date.getUTCDate(), lastDay));
  return next;
}

/** A tier's place in the catalogue: higher is more. */
export const tierRank = (tier: Tier): number => TIERS.indexOf(tier);

/**
 * Whether a client may buy `tier` now: any paid tier above the current one, and the current
 * paid tier again while its grace period runs (a renewal).
 */
export function canBuyTier(
  current: { tier: Tier; subscription_status: SubscriptionStatus | null },
  tier: Tier,
): boolean {
  if (!PAID_TIERS.includes(tier)) return false;
  if (tierRank(tier) > tierRank(current.tier)) return true;
  return tier === current.tier && current.subscription_status === 'grace_period';
}

/** A paid term runs while its subscription is active or in its grace period (decision 024). */
export const RUNNING_TERM_STATUSES = [
  'active',
  'grace_period',
] as const satisfies readonly SubscriptionStatus[];

/** A paid tier that is running or in its grace period can be cancelled. */
export const CANCELLABLE_STATUSES = RUNNING_TERM_STATUSES;

/**
 * Decision 024: whether a client's paid term runs (a paid tier, subscription active or in its
 * grace period). Matching, proposals and the three-monthly feedback request belong to such a term.
 * The SQL twin for lists and jobs is `runningPaidTerm` (server, payments/membership.ts), built from
 * the same constants; a test holds the two equal.
 */
export function hasRunningPaidTerm(profile: {
  tier: Tier;
  subscription_status: SubscriptionStatus | null;
}): boolean {
  return (
    PAID_TIERS.includes(profile.tier) &&
    RUNNING_TERM_STATUSES.some((status) => status === profile.subscription_status)
  );
}

/**
 * Decision 024: the contract status a client's membership gives them. A paid term that ended
 * (expired) or was cancelled ends matching (`ended`, from pending, active for matching or paused);
 * a paid term running again brings an ended client back: active for matching after a completed
 * intake, else pending (the intake comes first). Anything else stays as it is. Pure, for the server's
 * `syncMatchingWithMembership` and the demo seed alike.
 */
export function contractStatusForMembership(
  profile: { tier: Tier; subscription_status: SubscriptionStatus | null; contract_status: ContractStatus },
  hasCompletedIntake: boolean,
): ContractStatus {
  if (hasRunningPaidTerm(profile)) {
    if (profile.contract_status !== 'ended') return profile.contract_status;
    return hasCompletedIntake ? 'active_for_matching' : 'pending';
  }
  if (profile.subscription_status === 'expired' || profile.subscription_status === 'cancelled')
    return 'ended';
  return profile.contract_status;
}

/**
 * The contract status a completed first intake gives (decision 024): active for matching, unless
 * the client's paid term has ended (expired or cancelled): then matching waits, `ended`, until they
 * buy a paid tier again (`contractStatusForMembership` on the purchase).
 */
export function contractStatusAfterIntake(profile: {
  tier: Tier;
  subscription_status: SubscriptionStatus | null;
  contract_status: ContractStatus;
}): ContractStatus {
  return contractStatusForMembership({ ...profile, contract_status: 'active_for_matching' }, true);
}

/** Whether a profile has something to cancel: a client on a paid tier, running or in its grace period. */
export function canCancelSubscription(profile: {
  role: Role;
  tier: Tier;
  subscription_status: SubscriptionStatus | null;
}): boolean {
  return (
    profile.role === 'client' &&
    PAID_TIERS.includes(profile.tier) &&
    CANCELLABLE_STATUSES.some((status) => status === profile.subscription_status)
  );
}

/**
 * POST /api/checkout-sessions: the tier (the server picks the price from the catalogue), the
 * accepted terms, and the express request to start within the withdrawal period (decision 031).
 */
export const createCheckoutSessionSchema = z.object({
  tier: z.enum(PAID_TIERS, { message: 'Kies een betalend lidmaatschap' }),
  accept_terms: z.literal(true, { message: 'Aanvaard de algemene voorwaarden om te betalen' }),
  start_now: z.literal(true, {
    message: 'Vraag uitdrukkelijk om nu te starten en bevestig wat dat betekent voor je herroepingsrecht',
  }),
});
export type CreateCheckoutSessionInput = z.infer<typeof createCheckoutSessionSchema>;
export const checkoutSessionUrlSchema = z.object({ url: z.string() });

/** GET /api/checkout-session?session_id=: spec section 3's checkout session response. */
export const checkoutSessionLookupQuerySchema = z.object({
  session_id: z
    .string({ message: 'Geen sessie opgegeven' })
    .min(1, 'Geen sessie opgegeven')
    .max(255, 'Ongeldige sessie'),
});
export const checkoutSessionSchema = z.object({
  id: z.string(),
  currency: z.string(),
  /** In cents. */
  amount_total: z.number().int(),
  payment_status: z.enum(['paid', 'unpaid', 'no_payment_required']),
  metadata: z.object({ tier: z.enum(TIERS) }),
  line_items: z.object({
    data: z.array(
      z.object({
        price: z.object({
          id: z.string(),
          product: z.object({ name: z.string(), description: z.string() }),
        }),
      }),
    ),
  }),
});
export type CheckoutSession = z.infer<typeof checkoutSessionSchema>;
export const checkoutSessionResponseSchema = z.object({
  success: z.boolean(),
  session: checkoutSessionSchema.nullable(),
  error: z.string().optional(),
  /** With an error: its code, as in every error answer. */
  code: z.string().optional(),
});
export type CheckoutSessionResponse = z.infer<typeof checkoutSessionResponseSchema>;

/** The demo provider's checkout page (local installs only): what is being paid. */
export const demoCheckoutSchema = z.object({
  id: z.string(),
  tier: z.enum(TIERS),
  name: z.string(),
  description: z.string(),
  amount_total: z.number().int(),
  currency: z.string(),
  status: z.enum(PAYMENT_STATUSES),
});
export type DemoCheckout = z.infer<typeof demoCheckoutSchema>;

/** Issue 29: how a checkout may be paid (Stripe's payment method types), Bancontact first. */
export const PAYMENT_METHODS = ['bancontact', 'card'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  bancontact: 'Bancontact',
  card: 'Kaart (Visa, Mastercard)',
};
/** POST /api/demo-checkout/{id}/pay: the method chosen on the test page (a card without one). */
export const demoPaySchema = z.object({
  method: z.enum(PAYMENT_METHODS, { message: 'Kies Bancontact of een kaart' }).optional(),
  /**
   * Issue 29: `later` plays a payment the bank confirms later (as Stripe's `checkout.session.completed`
   * of an unpaid session): the session waits as `processing` until the test bank decides.
   */
  confirms: z.enum(['now', 'later'], { message: 'Kies meteen of later' }).optional(),
});
/** POST /api/demo-checkout/{id}/bank: the test bank confirms or declines a payment it held. */
export const demoBankSchema = z.object({
  outcome: z.enum(['confirmed', 'declined'], { message: 'Kies bevestigen of weigeren' }),
});

/** The id shown on /success: its first 20 characters (spec section 9). */
export const shortSessionId = (id: string): string => (id.length > 20 ? `${id.slice(0, 20)}...` : id);
