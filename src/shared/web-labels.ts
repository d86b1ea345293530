import type { ContractStatus, Role, SubscriptionStatus } from './domain';

/** Dutch labels the web app shows for enumerated profile values. */
export const SUBSCRIPTION_STATUS_LABELS: Record<SubscriptionStatus, string> = {
  active: 'Actief',
  grace_period: 'Respijtperiode',
  expired: 'Verlopen',
  cancelled: 'Opgezegd',
};
/** Shown when a profile has no subscription_status. */
export const NO_SUBSCRIPTION_LABEL = 'Geen abonnement';

export const CONTRACT_STATUS_LABELS: Record<ContractStatus, string> = {
  pending: 'In afwachting',
  active_for_matching: 'Actief voor matching',
  paused: 'Gepauzeerd',
  ended: 'Beëindigd',
};

export const ROLE_LABELS: Record<Role, string> = {
  client: 'Klant',
  matchmaker: 'Matchmaker',
  admin: 'Beheerder',
};
