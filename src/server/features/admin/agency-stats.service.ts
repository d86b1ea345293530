import { sql } from 'drizzle-orm';
import type { AgencyStats } from '../../../shared/admin';
import { AGENCY_TIME_ZONE, brusselsToInstant } from '../../../shared/date-time';
import { MATCH_STATUSES, TIERS } from '../../../shared/domain';
import type { AppContext } from '../../context';
import { selectTogether } from '../../db/together';

/* The agency's numbers. */

const DAY = 86_400_000;

const monthKey = (date: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: AGENCY_TIME_ZONE, year: 'numeric', month: '2-digit' })
    .format(date)
    .slice(0, 7);

export async function agencyStats({ ctx }: { ctx: AppContext }): Promise<AgencyStats> {
  const now = ctx.clock.now();
  // The last 12 months in Brussels, this one included.
  const months: string[] = [];
  const cursor = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 15));
  for (let i = 11; i >= 0; i--) {
    const d = new Date(cursor);
    d.setUTCMonth(cursor.getUTCMonth() - i);
    months.push(monthKey(d));
  }
  const since = brusselsToInstant(`${months[0]}-01`) ?? new Date(now.getTime() - 366 * DAY);
  const { tiers, revenue, statuses, staff } = await selectTogether<{
    tiers: { tier: string; count: number };
    revenue: { month: string; amount_total: number };
    statuses: { status: string; count: number };
    staff: {
      id: string;
      full_name: string | null;
      mf_average: number | null;
      mf_count: number;
      if_average: number | null;
      if_count: number;
    };
  }>(ctx.db, {
    tiers: sql`
      SELECT p.tier, count(*)::int AS count FROM user_profiles p
      LEFT JOIN account_settings s ON s.user_id = p.id
      WHERE p.role = 'client' AND s.deleted_at IS NULL GROUP BY p.tier`,
    // The zone inline, not as a parameter: GROUP BY must see the very same expression.
    revenue: sql`
      SELECT to_char(paid_at AT TIME ZONE ${sql.raw(`'${AGENCY_TIME_ZONE}'`)}, 'YYYY-MM') AS month,
             sum(amount_total)::int AS amount_total
      FROM payments WHERE paid_at >= ${since.toISOString()} GROUP BY 1`,
    statuses: sql`SELECT status, count(*)::int AS count FROM matches GROUP BY status`,
    staff: sql`
      SELECT am.id, am.full_name,
             (SELECT avg(f.overall_satisfaction_rating) FROM matchmaker_feedback f
               WHERE f.matchmaker_id = am.id) AS mf_average,
             (SELECT count(*) FROM matchmaker_feedback f WHERE f.matchmaker_id = am.id) AS mf_count,
             (SELECT avg(f.overall_satisfaction_rating) FROM intake_feedback f
               WHERE f.matchmaker_id = am.id AND f.submitted_at IS NOT NULL) AS if_average,
             (SELECT count(f.overall_satisfaction_rating) FROM intake_feedback f
               WHERE f.matchmaker_id = am.id AND f.submitted_at IS NOT NULL) AS if_count
      FROM available_matchmakers am ORDER BY am.full_name ASC, am.id ASC`,
  });
  const revenueBy = new Map(revenue.map((r) => [r.month, r.amount_total]));
  const oneDecimal = (value: number | null) => (value === null ? null : Math.round(value * 10) / 10);

  return {
    clients_by_tier: TIERS.map((tier) => ({ tier, count: tiers.find((t) => t.tier === tier)?.count ?? 0 })),
    revenue_by_month: months.map((m) => ({ month: m, amount_total: revenueBy.get(m) ?? 0 })),
    matches_by_status: MATCH_STATUSES.map((status) => ({
      status,
      count: statuses.find((s) => s.status === status)?.count ?? 0,
    })),
    ratings_by_matchmaker: staff.map((s) => ({
      matchmaker_id: s.id,
      matchmaker_name: s.full_name ?? '',
      matchmaker_feedback: oneDecimal(s.mf_average),
      matchmaker_feedback_count: s.mf_count,
      intake_feedback: s.if_count > 0 ? oneDecimal(s.if_average) : null,
      intake_feedback_count: s.if_count,
    })),
  };
}
