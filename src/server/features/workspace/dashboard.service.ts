import { type SQL, sql } from 'drizzle-orm';
import { toBrusselsDayValue } from '../../../shared/date-time';
import { CONTRACT_STATUSES, MATCH_STATUSES, TIERS } from '../../../shared/domain';
import {
  DASHBOARD_DEADLINE_HOURS,
  DASHBOARD_FEEDBACK_DAYS,
  DASHBOARD_INTAKE_DAYS,
  DASHBOARD_ITEMS,
  type DashboardItem,
  type DashboardResponse,
} from '../../../shared/workspace';
import type { Actor, AppContext } from '../../context';
import { isoInstant, selectTogetherOnce } from '../../db/together';
import { AppError } from '../../lib/errors';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** An item of a to-do list, with the list's length on every row. */
interface DashboardRow {
  id: string;
  label: string;
  at: string | null;
  total: number;
}

/** The last 12 months as 'YYYY-MM', oldest first, in Brussels time. */
function lastTwelveMonths(now: Date): string[] {
  const [year, month] = toBrusselsDayValue(now).split('-').map(Number) as [number, number];
  return Array.from({ length: 12 }, (_, i) => {
    const index = year * 12 + (month - 1) - (11 - i);
    return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
  });
}

/** The dashboard's reads, by name. */
interface DashboardRows {
  matchmaker: { id: string; full_name: string | null };
  toHold: DashboardRow;
  toComplete: DashboardRow;
  expiring: DashboardRow;
  followUp: DashboardRow;
  feedback: { total: number };
  toClaim: { total: number };
  clients: { status: string; tier: string; total: number };
  matchCounts: { status: string; total: number };
  perMonth: { month: string; accepted: number; decided: number; completed: number };
  ratings: { mm_avg: number | null; mm_count: number; in_avg: number | null; in_count: number };
}

/**
 * The dashboard's reads as one statement (`selectTogetherOnce`), for one matchmaker (the
 * placeholder `mm`) or the whole agency; the instants are placeholders too.
 */
function dashboardQueries(oneMatchmaker: boolean): { [Name in keyof DashboardRows]: SQL } {
  // One condition per table: the matchmaker's rows, or every row for the agency.
  const own = (column: string, table?: string) =>
    oneMatchmaker
      ? sql`${table ? sql.raw(`${table}.`) : sql``}${sql.identifier(column)} = ${sql.placeholder('mm')}`
      : sql`TRUE`;
  const clientsOwn = oneMatchmaker ? sql`c.assigned_matchmaker_id = ${sql.placeholder('mm')}` : sql`TRUE`;
  const intakes = (condition: ReturnType<typeof sql>, order: 'ASC' | 'DESC') => sql`
    SELECT i.id, coalesce(c.full_name, 'Klant') AS label, i.scheduled_at AS at, count(*) OVER () AS total
    FROM intake_sessions i JOIN user_profiles c ON c.id = i.user_id
    WHERE i.status = 'scheduled' AND ${own('assigned_matchmaker_id', 'i')} AND ${condition}
    ORDER BY i.scheduled_at ${sql.raw(order)} LIMIT ${DASHBOARD_ITEMS}`;
  // Decision 041: the matches are counted and the first chosen before the clients' names are
  // joined, for those few only (was: both names joined for every match counted).
  const pairs = (condition: ReturnType<typeof sql>, orderBy: string) => sql`
    SELECT m.id, coalesce(a.full_name, 'Klant') || ' & ' || coalesce(b.full_name, 'Klant') AS label,
           m.at, m.total
    FROM (
      SELECT m.id, m.client1_id, m.client2_id, ${sql.raw(orderBy)} AS at, count(*) OVER () AS total
      FROM matches m
      WHERE ${own('matchmaker_id', 'm')} AND ${condition}
      ORDER BY ${sql.raw(orderBy)} ASC LIMIT ${DASHBOARD_ITEMS}
    ) m JOIN user_profiles a ON a.id = m.client1_id JOIN user_profiles b ON b.id = m.client2_id
    ORDER BY m.at ASC, m.id`;

  return {
    matchmaker: sql`SELECT id, full_name FROM user_profiles WHERE id = ${sql.placeholder('mm')} AND role = 'matchmaker'`,
    toHold: intakes(
      sql`i.scheduled_at >= ${sql.placeholder('now')} AND i.scheduled_at < ${sql.placeholder('intakes_until')}`,
      'ASC',
    ),
    toComplete: intakes(sql`i.scheduled_at < ${sql.placeholder('now')}`, 'ASC'),
    expiring: pairs(
      sql`m.status = 'proposed' AND m.response_deadline >= ${sql.placeholder('now')} AND m.response_deadline < ${sql.placeholder('deadlines_until')}`,
      'm.response_deadline',
    ),
    followUp: pairs(
      sql`m.status = 'scheduled' AND m.scheduled_at < ${sql.placeholder('now')}`,
      'm.scheduled_at',
    ),
    feedback: sql`
      SELECT (SELECT count(*) FROM intake_feedback WHERE ${own('matchmaker_id')} AND submitted_at >= ${sql.placeholder('feedback_since')})
           + (SELECT count(*) FROM matchmaker_feedback WHERE ${own('matchmaker_id')} AND created_at >= ${sql.placeholder('feedback_since')}) AS total`,
    // Decision 045: the clients are counted by the writes (client_counts, kept by triggers in
    // the same transaction), not read here: counting 200,000 clients per status and tier cost
    // 70-90 ms of PostgreSQL's time on every dashboard.
    toClaim: sql`
      SELECT coalesce(sum(c.clients), 0) AS total FROM client_counts c
      WHERE c.assigned_matchmaker_id IS NULL AND c.tier <> 'Relax'`,
    clients: sql`
      SELECT c.contract_status AS status, c.tier, sum(c.clients) AS total FROM client_counts c
      WHERE ${clientsOwn} GROUP BY c.contract_status, c.tier`,
    matchCounts: sql`SELECT status, count(*) AS total FROM matches WHERE ${own('matchmaker_id')} GROUP BY status`,
    perMonth: sql`
      SELECT to_char(date_trunc('month', coalesce(proposed_to_clients_at, created_at) AT TIME ZONE 'Europe/Brussels'), 'YYYY-MM') AS month,
             count(*) FILTER (WHERE accepted_at IS NOT NULL) AS accepted,
             count(*) FILTER (WHERE accepted_at IS NOT NULL OR status = 'rejected') AS decided,
             0 AS completed
      FROM matches WHERE ${own('matchmaker_id')} AND coalesce(proposed_to_clients_at, created_at) >= ${sql.placeholder('since')}
      GROUP BY 1
      UNION ALL
      SELECT to_char(date_trunc('month', completed_at AT TIME ZONE 'Europe/Brussels'), 'YYYY-MM'), 0, 0, count(*)
      FROM matches WHERE ${own('matchmaker_id')} AND status = 'completed' AND completed_at >= ${sql.placeholder('since')}
      GROUP BY 1`,
    ratings: sql`
      SELECT (SELECT avg(overall_satisfaction_rating)::float FROM matchmaker_feedback WHERE ${own('matchmaker_id')}) AS mm_avg,
             (SELECT count(*) FROM matchmaker_feedback WHERE ${own('matchmaker_id')}) AS mm_count,
             (SELECT avg(overall_satisfaction_rating)::float FROM intake_feedback WHERE ${own('matchmaker_id')} AND submitted_at IS NOT NULL AND overall_satisfaction_rating IS NOT NULL) AS in_avg,
             (SELECT count(*) FROM intake_feedback WHERE ${own('matchmaker_id')} AND submitted_at IS NOT NULL AND overall_satisfaction_rating IS NOT NULL) AS in_count`,
  };
}

/**
 * The matchmaker's dashboard (issue 15): what needs them today and their numbers. A matchmaker
 * sees their own; an admin the whole agency, or one matchmaker's with `matchmaker_id`.
 */
export async function loadDashboard({
  ctx,
  actor,
  matchmakerId,
}: {
  ctx: AppContext;
  actor: Actor;
  matchmakerId?: string;
}): Promise<DashboardResponse> {
  const isAdmin = actor.profile.role === 'admin';
  if (!isAdmin && matchmakerId && matchmakerId !== actor.user.id) throw new AppError('UNAUTHORIZED');
  const mm = isAdmin ? (matchmakerId ?? null) : actor.user.id;
  const now = ctx.clock.now();
  const months = lastTwelveMonths(now);
  /** Instants as ISO text: the same on PGlite and node-postgres. */
  const at = (ms: number) => new Date(ms).toISOString();
  // Decision 052: the statement is built once for one matchmaker and once for the agency; these
  // are its values.
  const values = {
    mm,
    now: now.toISOString(),
    since: at(now.getTime() - 366 * DAY),
    intakes_until: at(now.getTime() + DASHBOARD_INTAKE_DAYS * DAY),
    deadlines_until: at(now.getTime() + DASHBOARD_DEADLINE_HOURS * HOUR),
    feedback_since: at(now.getTime() - DASHBOARD_FEEDBACK_DAYS * DAY),
  };
  const rows = await selectTogetherOnce<DashboardRows>(
    ctx.db,
    `dashboard:${mm ? 'matchmaker' : 'agency'}`,
    () => ({ queries: dashboardQueries(Boolean(mm)) }),
    values,
  );
  const [matchmaker = null] = rows.matchmaker;
  if (mm && !matchmaker) throw new AppError('NOT_FOUND', 'Matchmaker niet gevonden');

  const list = (items: DashboardRow[]) => ({
    total: Number(items[0]?.total ?? 0),
    items: items.map((row): DashboardItem => ({ id: row.id, label: row.label, at: isoInstant(row.at) })),
  });
  const byStatus = Object.fromEntries(CONTRACT_STATUSES.map((s) => [s, 0])) as Record<string, number>;
  const byTier = Object.fromEntries(TIERS.map((t) => [t, 0])) as Record<string, number>;
  for (const row of rows.clients) {
    byStatus[row.status] = (byStatus[row.status] ?? 0) + Number(row.total);
    byTier[row.tier] = (byTier[row.tier] ?? 0) + Number(row.total);
  }
  const matchesByStatus = Object.fromEntries(MATCH_STATUSES.map((s) => [s, 0])) as Record<string, number>;
  for (const row of rows.matchCounts) matchesByStatus[row.status] = Number(row.total);
  const monthly = new Map(months.map((m) => [m, { accepted: 0, decided: 0, completed: 0 }]));
  for (const row of rows.perMonth) {
    const bucket = monthly.get(String(row.month));
    if (!bucket) continue;
    bucket.accepted += Number(row.accepted);
    bucket.decided += Number(row.decided);
    bucket.completed += Number(row.completed);
  }
  const [rating] = rows.ratings;
  const rounded = (value: unknown) =>
    value === null || value === undefined ? null : Math.round(Number(value) * 10) / 10;

  return {
    matchmaker,
    todo: {
      intakes_to_hold: list(rows.toHold),
      intakes_to_complete: list(rows.toComplete),
      proposals_expiring: list(rows.expiring),
      dates_to_follow_up: list(rows.followUp),
      feedback_to_read: { total: Number(rows.feedback[0]?.total ?? 0) },
      clients_to_claim: { total: Number(rows.toClaim[0]?.total ?? 0) },
    },
    numbers: {
      clients_by_status: byStatus as DashboardResponse['numbers']['clients_by_status'],
      clients_by_tier: byTier as DashboardResponse['numbers']['clients_by_tier'],
      matches_by_status: matchesByStatus as DashboardResponse['numbers']['matches_by_status'],
      acceptance_rate: months.map((month) => {
        const { accepted, decided } = monthly.get(month)!;
        return { month, decided, value: decided ? Math.round((accepted / decided) * 100) : null };
      }),
      completed_dates: months.map((month) => ({ month, value: monthly.get(month)!.completed })),
      ratings: {
        matchmaker_overall: rounded(rating?.mm_avg),
        matchmaker_count: Number(rating?.mm_count ?? 0),
        intake_overall: rounded(rating?.in_avg),
        intake_count: Number(rating?.in_count ?? 0),
      },
    },
  };
}
