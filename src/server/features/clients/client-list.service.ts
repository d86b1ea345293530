import { and, eq, gt, isNull, lte, ne, type SQL, sql } from 'drizzle-orm';
import { alias, QueryBuilder } from 'drizzle-orm/pg-core';
import {
  CLIENT_LIST_COUNT_CAP,
  type ClientListItem,
  type ClientListQuery,
  type ClientListResponse,
} from '../../../shared/clients';
import { ageOn, yearsBefore } from '../../../shared/format';
import { ROUTES } from '../../../shared/routes';
import type { Actor, AppContext } from '../../context';
import {
  account_settings,
  client_profiles,
  intake_sessions,
  matches,
  matchmaker_profiles,
  user,
  user_profiles,
} from '../../db/schema';
import { isoInstant, named, selectTogetherOnce } from '../../db/together';
import { type EmailContent, email, greetingName } from '../../integrations/mail/layout';
import { AppError } from '../../lib/errors';
import { staffDaySql, toStaffDay } from '../../lib/staff-day';

const matchmaker = alias(user_profiles, 'matchmaker');
/** Builds the list's statement without a database (decision 052: once per shape). */
const qb = new QueryBuilder();

/** `%`, `_` and `\` in what was typed match themselves, not any text. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/** Open proposals of a client: proposed matches they are part of. */
const openProposals = sql<number>`(
  SELECT count(*)::int FROM ${matches}
  WHERE ${matches.status} = 'proposed'
    AND (${matches.client1_id} = ${user_profiles.id} OR ${matches.client2_id} = ${user_profiles.id})
)`;

/** The client's intake was held (a completed intake session). */
const intakeHeld = sql`${intake_sessions.user_id} = ${user_profiles.id}
    AND ${intake_sessions.session_type} = 'intake' AND ${intake_sessions.status} = 'completed'`;

/** A paying client whose intake has not been held yet: the list's filter (an anti-join). */
const intakePending = sql<boolean>`(${user_profiles.tier} <> 'Relax' AND NOT EXISTS (
  SELECT 1 FROM ${intake_sessions} WHERE ${intakeHeld}
))`;

/**
 * The same rule as a column of the page's rows. Decision 041: a scalar subquery, looked up per
 * row shown through the completed-intake index; PostgreSQL would answer `NOT EXISTS` in a column
 * by hashing every completed intake first (40,000 at 200,000 clients) for a page of 25.
 */
const intakePendingColumn = sql<boolean>`(${user_profiles.tier} <> 'Relax' AND (
  SELECT 1 FROM ${intake_sessions} WHERE ${intakeHeld} LIMIT 1
) IS NULL)`;

/**
 * A client, written as a literal (decision 045): the statement is prepared, and a generic plan with
 * `role = $1` cannot use the indexes that hold clients only (`WHERE role = 'client'`).
 */
export const isClient = sql<boolean>`${user_profiles.role} = 'client'`;

/** Matching paused: by the client in their settings, or the contract's status. */
const paused = sql<boolean>`(${user_profiles.contract_status} = 'paused' OR ${account_settings.matching_paused_at} IS NOT NULL)`;

/**
 * The matchmaker's client list (issue 15): search, filters, sorting and pages, all in SQL.
 * Scopes (decision 009 extended): a matchmaker sees their own clients ('mine', the default) and the
 * paying clients nobody has taken on yet ('unassigned', to claim); an admin every client ('all', the
 * default) or the unassigned ones. E-mail addresses only of the caller's own clients (admin: all).
 */
export async function listClients({
  ctx,
  actor,
  query,
}: {
  ctx: AppContext;
  actor: Actor;
  query: ClientListQuery;
}): Promise<ClientListResponse> {
  const isAdmin = actor.profile.role === 'admin';
  const scope = query.scope ?? (isAdmin ? 'all' : 'mine');
  if (scope === 'all' && !isAdmin) throw new AppError('UNAUTHORIZED');
  const now = ctx.clock.now();
  const limit = query.page_size;
  const offset = (query.page - 1) * query.page_size;
  // Decision 052: the statement is built once per shape; these are its values, and a filter is in
  // the shape when its value is given.
  const values = {
    actor_id: actor.user.id,
    q: query.q ? `%${escapeLike(query.q)}%` : null,
    tier: query.tier || null,
    contract_status: query.contract_status || null,
    region: query.region || null,
    born_by: query.age_min !== undefined ? yearsBefore(now, query.age_min) : null,
    born_after: query.age_max !== undefined ? yearsBefore(now, query.age_max + 1) : null,
    limit,
    offset,
  };
  const shape: ClientListShape = {
    admin: isAdmin,
    scope,
    sort: query.sort,
    q: values.q !== null,
    tier: values.tier !== null,
    contract_status: values.contract_status !== null,
    region: values.region !== null,
    born_by: values.born_by !== null,
    born_after: values.born_after !== null,
    paused: query.paused ?? null,
    open_proposal: query.open_proposal ?? null,
    intake_pending: query.intake_pending ?? null,
  };
  const { rows, count } = await selectTogetherOnce<ClientListRows>(
    ctx.db,
    `client_list:${JSON.stringify(shape)}`,
    () => clientListSql(shape),
    values,
  );

  const clients: ClientListItem[] = rows.map(({ birth_date, member_since, last_activity_at, ...row }) => ({
    ...row,
    age: ageOn(birth_date, now),
    open_proposals: Number(row.open_proposals),
    paused: Boolean(row.paused),
    intake_pending: Boolean(row.intake_pending),
    member_since: isoInstant(member_since),
    last_activity_at: toStaffDay(isoInstant(last_activity_at)),
  }));
  const counted = Number(count[0]?.total ?? 0);
  return {
    clients,
    total: Math.min(counted, CLIENT_LIST_COUNT_CAP),
    total_capped: counted > CLIENT_LIST_COUNT_CAP,
    page: query.page,
    page_size: query.page_size,
  };
}

interface ClientListRows {
  rows: Omit<ClientListItem, 'age' | 'member_since'> & { birth_date: string | null; member_since: string };
  count: { total: number };
}

/**
 * What the list's statement depends on besides its values: the caller's role, the scope, the sort,
 * which filters are given (their values are the placeholders of the same name) and the three
 * yes/no filters (null: not filtered). The statement is built from this alone, so the key made of
 * it names everything the build reads.
 */
interface ClientListShape {
  admin: boolean;
  scope: 'mine' | 'unassigned' | 'all';
  sort: ClientListQuery['sort'];
  q: boolean;
  tier: boolean;
  contract_status: boolean;
  region: boolean;
  born_by: boolean;
  born_after: boolean;
  paused: boolean | null;
  open_proposal: boolean | null;
  intake_pending: boolean | null;
}

/** The list's statement for one shape, with `actor_id`, `limit` and `offset` as placeholders too. */
function clientListSql(shape: ClientListShape) {
  // A deleted account is no one's client any more (decision 014).
  const conditions: (SQL | undefined)[] = [isClient, isNull(account_settings.deleted_at)];
  if (shape.scope === 'mine' && !shape.admin)
    conditions.push(eq(user_profiles.assigned_matchmaker_id, sql.placeholder('actor_id')));
  if (shape.scope === 'unassigned') {
    conditions.push(isNull(user_profiles.assigned_matchmaker_id), ne(user_profiles.tier, 'Relax'));
  }
  const scopeConditions = conditions.length;
  if (shape.q) conditions.push(sql`${user_profiles.full_name} ILIKE ${sql.placeholder('q')} ESCAPE '\\'`);
  if (shape.tier) conditions.push(eq(user_profiles.tier, sql.placeholder('tier')));
  if (shape.contract_status)
    conditions.push(eq(user_profiles.contract_status, sql.placeholder('contract_status')));
  if (shape.region) conditions.push(eq(client_profiles.province, sql.placeholder('region')));
  if (shape.born_by) conditions.push(lte(client_profiles.birth_date, sql.placeholder('born_by')));
  if (shape.born_after) conditions.push(gt(client_profiles.birth_date, sql.placeholder('born_after')));
  if (shape.paused !== null) conditions.push(shape.paused ? paused : sql`NOT ${paused}`);
  if (shape.open_proposal !== null) {
    // A semi-join on the (few) open proposals, not a count per client.
    const withOpenProposal = sql`${user_profiles.id} IN (
      SELECT ${matches.client1_id} FROM ${matches} WHERE ${matches.status} = 'proposed'
      UNION ALL SELECT ${matches.client2_id} FROM ${matches} WHERE ${matches.status} = 'proposed')`;
    conditions.push(shape.open_proposal ? withOpenProposal : sql`NOT ${withOpenProposal}`);
  }
  if (shape.intake_pending !== null) {
    conditions.push(shape.intake_pending ? intakePending : sql`NOT ${intakePending}`);
  }
  const where = and(...conditions);
  // A search or a filter: the matching clients may be few and spread anywhere in the sort's order.
  const isNarrowed = conditions.length > scopeConditions;

  // Each sort: one key, then the id (decision 034: activity by its Brussels day only).
  const sort = {
    name: { key: sql`${user_profiles.full_name}`, direction: 'ASC NULLS LAST', idDirection: 'ASC' },
    newest: { key: sql`${user_profiles.created_at}`, direction: 'DESC', idDirection: 'DESC' },
    oldest: { key: sql`${user_profiles.created_at}`, direction: 'ASC', idDirection: 'ASC' },
    age: { key: sql`${client_profiles.birth_date}`, direction: 'DESC NULLS LAST', idDirection: 'ASC' },
    activity: {
      key: staffDaySql(user_profiles.last_activity_at),
      direction: 'DESC NULLS LAST',
      idDirection: 'ASC',
    },
  }[shape.sort];
  const order = [
    sql`${sort.key} ${sql.raw(sort.direction)}`,
    sql`${user_profiles.id} ${sql.raw(sort.idDirection)}`,
  ];

  const ownEmail = shape.admin
    ? user.email
    : sql<
        string | null
      >`CASE WHEN ${user_profiles.assigned_matchmaker_id} = ${sql.placeholder('actor_id')} THEN ${user.email} END`;

  const limit = sql.placeholder('limit');
  const offset = sql.placeholder('offset');
  const byWalkingTheIndex = qb
    .select({ id: user_profiles.id })
    .from(user_profiles)
    .leftJoin(client_profiles, eq(client_profiles.id, user_profiles.id))
    .leftJoin(account_settings, eq(account_settings.user_id, user_profiles.id))
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset)
    .getSQL();
  // Decision 045: with a search or a filter, the clients that match, up to the cap, are found
  // first with their sort key (the count needs them anyway), in whatever order is cheapest; when
  // they are at most CLIENT_LIST_COUNT_CAP, the page is sorted from them alone, and only a longer
  // list walks the sort's index to its page, where matches are dense enough to be met early.
  // (Walking the name index for a rare combination of filters read 50,000 of Sofie's 66,678
  // clients to find 25: the rows that match are not spread evenly.) Without one, every client of
  // the scope matches, and walking the index is the shortest way (decision 041).
  const matching = qb
    .select(
      isNarrowed ? { id: user_profiles.id, key: sql`${sort.key}`.as('sort_key') } : { id: user_profiles.id },
    )
    .from(user_profiles)
    .leftJoin(client_profiles, eq(client_profiles.id, user_profiles.id))
    .leftJoin(account_settings, eq(account_settings.user_id, user_profiles.id))
    .where(where)
    .limit(CLIENT_LIST_COUNT_CAP + 1)
    .getSQL();
  const matchCount = sql`(SELECT count(*) FROM client_list_matching)`;
  const fromFewMatches = sql`SELECT id FROM client_list_matching WHERE ${matchCount} <= ${CLIENT_LIST_COUNT_CAP}
    ORDER BY sort_key ${sql.raw(sort.direction)}, id ${sql.raw(sort.idDirection)}
    LIMIT ${limit} OFFSET ${offset}`;
  // The condition on the count is PostgreSQL's "one-time filter": the branch not taken is not run.
  const page = isNarrowed
    ? sql`((${fromFewMatches}) UNION ALL (SELECT walk.id FROM (${byWalkingTheIndex}) walk WHERE ${matchCount} > ${CLIENT_LIST_COUNT_CAP})) page`
    : sql`(${byWalkingTheIndex}) page`;
  const pageIds = qb
    .select({ id: sql<string>`page.id`.as('id') })
    .from(page)
    .as('page_ids');

  // The page and the count in one statement (issue 19).
  return {
    queries: {
      rows: qb
        .select(
          named({
            id: user_profiles.id,
            full_name: user_profiles.full_name,
            email: ownEmail,
            tier: user_profiles.tier,
            birth_date: client_profiles.birth_date,
            region: client_profiles.province,
            contract_status: user_profiles.contract_status,
            assigned_matchmaker_id: user_profiles.assigned_matchmaker_id,
            assigned_matchmaker_name: matchmaker.full_name,
            paused,
            open_proposals: openProposals,
            intake_pending: intakePendingColumn,
            member_since: user_profiles.created_at,
            last_activity_at: user_profiles.last_activity_at,
          }),
        )
        // Decision 041: the page's clients are chosen first (the filters and the sort only), and
        // their columns (names, e-mail, open proposals, intake) read for those alone, not for every
        // client the offset skips.
        .from(pageIds)
        .innerJoin(user_profiles, sql`${user_profiles.id} = page_ids.id`)
        .innerJoin(user, eq(user.id, user_profiles.id))
        .leftJoin(client_profiles, eq(client_profiles.id, user_profiles.id))
        .leftJoin(account_settings, eq(account_settings.user_id, user_profiles.id))
        .leftJoin(matchmaker, eq(matchmaker.id, user_profiles.assigned_matchmaker_id))
        .orderBy(...order)
        .getSQL(),
      // Decision 041: counted up to CLIENT_LIST_COUNT_CAP + 1 rows, not every match: past the cap
      // the list says "meer dan 10.000" (counting 200,000 rows cost more than the page itself).
      count: sql`SELECT count(*)::int AS total FROM client_list_matching`,
    },
    options: {
      with: sql`client_list_matching AS MATERIALIZED (${matching})`,
      // Decision 045: a search is planned for what was typed (the trigram index or the name index).
      planPerCall: shape.q,
    },
  };
}

/**
 * A matchmaker takes on a paying client who has none yet. One claim wins: the update's condition
 * (still without a matchmaker) decides, and the client hears who their matchmaker is in the same
 * transaction.
 */
export async function claimClient({
  ctx,
  actor,
  clientId,
}: {
  ctx: AppContext;
  actor: Actor;
  clientId: string;
}) {
  return ctx.transaction(async (tx) => {
    const [active] = await tx.db
      .select({ id: matchmaker_profiles.id })
      .from(matchmaker_profiles)
      .where(and(eq(matchmaker_profiles.id, actor.user.id), eq(matchmaker_profiles.is_active, true)));
    if (!active) throw new AppError('UNAUTHORIZED');
    const [claimed] = await tx.db
      .update(user_profiles)
      .set({ assigned_matchmaker_id: actor.user.id, updated_at: ctx.clock.now() })
      .where(
        and(
          eq(user_profiles.id, clientId),
          eq(user_profiles.role, 'client'),
          isNull(user_profiles.assigned_matchmaker_id),
          ne(user_profiles.tier, 'Relax'),
        ),
      )
      .returning({ id: user_profiles.id });
    if (!claimed) {
      const [client] = await tx.db
        .select({
          role: user_profiles.role,
          tier: user_profiles.tier,
          mm: user_profiles.assigned_matchmaker_id,
        })
        .from(user_profiles)
        .where(eq(user_profiles.id, clientId));
      if (client?.role !== 'client') throw new AppError('NOT_FOUND');
      if (client.mm) throw new AppError('CLIENT_ALREADY_CLAIMED');
      throw new AppError('CLIENT_NOT_CLAIMABLE');
    }
    const [client] = await tx.db
      .select({ email: user.email, full_name: user_profiles.full_name })
      .from(user)
      .innerJoin(user_profiles, eq(user_profiles.id, user.id))
      .where(eq(user.id, clientId));
    if (client) {
      await tx.queueMail({
        to: client.email,
        dedupe_key: `client-claimed:${clientId}:${actor.user.id}`,
        ...clientClaimedEmail({
          name: greetingName(client.full_name),
          matchmakerName: actor.profile.full_name ?? 'Een matchmaker van Koppel',
          url: `${ctx.env.APP_URL}${ROUTES.dashboard}`,
        }),
      });
    }
    return { client_id: clientId, assigned_matchmaker_id: actor.user.id };
  });
}

export function clientClaimedEmail({
  name,
  matchmakerName,
  url,
}: {
  name: string;
  matchmakerName: string;
  url: string;
}): EmailContent {
  return email(
    'client-claimed',
    `${matchmakerName} is je matchmaker bij Koppel`,
    [
      `Dag ${name},`,
      `${matchmakerName} begeleidt je vanaf nu bij Koppel: je intake, je voorstellen en alles daarna. In je dashboard zie je wat je volgende stap is.`,
    ],
    { label: 'Naar je dashboard', url },
  );
}
