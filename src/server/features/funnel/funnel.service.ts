import { sql } from 'drizzle-orm';
import { AGENCY_TIME_ZONE, brusselsToInstant, toBrusselsDayValue } from '../../../shared/date-time';
import type { FunnelMonth, FunnelResponse } from '../../../shared/funnel';
import type { AppContext } from '../../context';
import { selectTogether } from '../../db/together';

/** The last 12 months as 'YYYY-MM', oldest first, in Brussels time. */
function lastTwelveMonths(now: Date): string[] {
  const [year, month] = toBrusselsDayValue(now).split('-').map(Number) as [number, number];
  return Array.from({ length: 12 }, (_, i) => {
    const index = year * 12 + (month - 1) - (11 - i);
    return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
  });
}

/**
 * GET /api/admin/funnel (decision 032): per sign-up month of the last 12, how many clients signed
 * up, and how many of them have by now paid, had their intake held, received a first proposal and
 * had a first date. One statement, whatever the number of clients. "Paid" is a payment the client
 * kept: not refunded in full and not withdrawn from (a partial refund without a withdrawal, a
 * goodwill gesture, still counts).
 */
export async function loadFunnel({ ctx }: { ctx: AppContext }): Promise<FunnelResponse> {
  const months = lastTwelveMonths(ctx.clock.now());
  const since = brusselsToInstant(`${months[0]}-01`)!;
  // The zone inline, not as a parameter: GROUP BY must see the very same expression.
  const zone = sql.raw(`'${AGENCY_TIME_ZONE}'`);
  const { rows } = await selectTogether<{ rows: FunnelMonth }>(ctx.db, {
    rows: sql`
    SELECT to_char(c.created_at AT TIME ZONE ${zone}, 'YYYY-MM') AS month,
           count(*)::int AS signed_up,
           count(*) FILTER (WHERE EXISTS (SELECT 1 FROM payments y
                                          WHERE y.client_id = c.id
                                            AND y.amount_refunded < y.amount_total
                                            AND y.withdrawal_requested_at IS NULL))::int AS paid,
           count(*) FILTER (WHERE EXISTS (SELECT 1 FROM intake_sessions s
                                          WHERE s.user_id = c.id AND s.status = 'completed'))::int AS intake_held,
           count(*) FILTER (WHERE EXISTS (SELECT 1 FROM matches m
                                          WHERE m.client1_id = c.id OR m.client2_id = c.id))::int AS first_proposal,
           count(*) FILTER (WHERE EXISTS (SELECT 1 FROM matches m
                                          WHERE (m.client1_id = c.id OR m.client2_id = c.id)
                                            AND m.completed_at IS NOT NULL))::int AS first_date
      FROM user_profiles c
     WHERE c.role = 'client' AND c.created_at >= ${since.toISOString()}
     GROUP BY 1`,
  });
  const byMonth = new Map(rows.map((row) => [row.month, row]));
  return {
    months: months.map((month) => {
      const row = byMonth.get(month);
      const n = (key: keyof FunnelMonth) => Number(row?.[key] ?? 0);
      return {
        month,
        signed_up: n('signed_up'),
        paid: n('paid'),
        intake_held: n('intake_held'),
        first_proposal: n('first_proposal'),
        first_date: n('first_date'),
      };
    }),
  };
}
