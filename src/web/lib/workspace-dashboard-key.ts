/**
 * The query key of the staff dashboard (/matchmaker). Its cards count intakes, proposals and dates:
 * a mutation elsewhere that changes one of those invalidates this key, so the card is current
 * without a reload (issue 30).
 */
export const workspaceDashboardQueryKey = ['workspace-dashboard'] as const;
