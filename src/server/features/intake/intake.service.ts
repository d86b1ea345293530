import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core';
import type { IntakeStatus } from '../../../shared/domain';
import type {
  IntakeSession,
  IntakeSessionsResponse,
  SchedulerSettings,
  StaffIntakeSession,
  StaffIntakeSessionsResponse,
} from '../../../shared/intake';
import { CLIENT_REF_UTM_FIELD, fallbackEventSlug } from '../../../shared/intake';
import { isCalendlyUrl } from '../../../shared/scheduler';
import type { ReadWithSession } from '../../auth/session-lookup';
import type { Actor, AppContext } from '../../context';
import type { Db } from '../../db/client';
import { rowJsonArgs } from '../../db/json-text';
import { intake_sessions, matchmaker_profiles, user, user_profiles } from '../../db/schema';
import { signClientRef } from '../../integrations/scheduler/calendly';
import { type JsonText, jsonify } from '../../lib/json';
import type { MailPerson } from './intake.mail';

/*
 * The intake's sessions as the client and staff read them, and which scheduler a client sees; with
 * what the other intake services share (the session row and its shapes, the people to mail).
 */

export const STAFF_LIST_LIMIT = 500;

export const matchmaker = alias(user_profiles, 'intake_matchmaker');
const client = alias(user_profiles, 'intake_client');

export type SessionRow = typeof intake_sessions.$inferSelect;

// ---------------------------------------------------------------------------------------------
// Reading sessions

export function selectSessions(db: Db) {
  return db
    .select({
      session: intake_sessions,
      matchmaker: { id: matchmaker.id, full_name: matchmaker.full_name },
      client: { id: client.id, full_name: client.full_name, tier: client.tier },
    })
    .from(intake_sessions)
    .innerJoin(client, eq(client.id, intake_sessions.user_id))
    .leftJoin(matchmaker, eq(matchmaker.id, intake_sessions.assigned_matchmaker_id));
}
type JoinedSession = Awaited<ReturnType<typeof selectSessions>>[number];

/** A session as its client sees it: never the matchmaker's notes. */
export function toClientSession(row: Pick<JoinedSession, 'session' | 'matchmaker'>): IntakeSession {
  const { matchmaker_notes: _notes, ...session } = row.session;
  return jsonify({ ...session, matchmaker: row.matchmaker?.id ? row.matchmaker : null });
}

export function toStaffSession(row: JoinedSession): StaffIntakeSession {
  return jsonify({
    ...row.session,
    matchmaker: row.matchmaker?.id ? row.matchmaker : null,
    client: row.client,
  });
}

/** The session's matchmaker as `toClientSession` writes it (null without one), in SQL. */
const matchmakerJson = sql`CASE WHEN ${matchmaker.id} IS NULL THEN NULL
  ELSE json_build_object('id', ${matchmaker.id}, 'full_name', ${matchmaker.full_name}) END`;

/**
 * GET /api/me/intake-sessions: the client's own sessions, newest first (spec section 7), as the
 * answer's JSON text written by PostgreSQL (decision 054): each session as `toClientSession`
 * writes it, without the notes. Read in the session lookup's statement (issue 31, decision 049):
 * one round trip with the session instead of two.
 */
export const myIntakeSessionsRead: ReadWithSession<JsonText<IntakeSessionsResponse>> = {
  name: 'my_intake_sessions',
  data: (user_id) => sql<
    JsonText<IntakeSessionsResponse>
  >`(SELECT json_build_object('sessions', coalesce(json_agg(
      json_build_object(${rowJsonArgs(intake_sessions, ['matchmaker_notes'])}, 'matchmaker', ${matchmakerJson})
      ORDER BY ${intake_sessions.created_at} DESC, ${intake_sessions.id} DESC), '[]'::json))::text
    FROM ${intake_sessions}
    LEFT JOIN ${user_profiles} ${sql.identifier('intake_matchmaker')} ON ${matchmaker.id} = ${intake_sessions.assigned_matchmaker_id}
    WHERE ${intake_sessions.user_id} = ${user_id})`,
};

export interface StaffIntakeFilters {
  status?: IntakeStatus;
  from?: string;
  to?: string;
}

/**
 * GET /api/intake-sessions for staff: a matchmaker the sessions they host and those of their
 * clients, an admin all; by status and a window on scheduled_at; by scheduled_at, latest first.
 * The answer's JSON text written by PostgreSQL (decision 054), each session as `toStaffSession`
 * writes it. Read in the session lookup's statement (decision 049): only the subquery of the
 * caller's role runs (CASE is evaluated lazily); a client reads nothing, and `requireActorWith`
 * refuses them before the data is used. One prepared statement per set of filters (decision 052);
 * `staffIntakeFilterValues` fills them.
 */
export function staffIntakeSessionsRead(
  filters: StaffIntakeFilters,
): ReadWithSession<JsonText<StaffIntakeSessionsResponse>> {
  const shape = { status: Boolean(filters.status), from: Boolean(filters.from), to: Boolean(filters.to) };
  const key = `${shape.status ? 's' : ''}${shape.from ? 'f' : ''}${shape.to ? 't' : ''}`;
  let read = staffIntakeReads.get(key);
  if (!read) {
    const list = (admin: boolean, actor_id: AnyPgColumn) => {
      const where = and(
        admin
          ? undefined
          : sql`(${intake_sessions.assigned_matchmaker_id} = ${actor_id} OR ${client.assigned_matchmaker_id} = ${actor_id})`,
        shape.status ? sql`${intake_sessions.status} = ${sql.placeholder('status')}` : undefined,
        shape.from
          ? sql`${intake_sessions.scheduled_at} >= ${sql.placeholder('from')}::timestamptz`
          : undefined,
        shape.to ? sql`${intake_sessions.scheduled_at} <= ${sql.placeholder('to')}::timestamptz` : undefined,
      );
      // The newest STAFF_LIST_LIMIT first, then aggregated in that order.
      return sql`(SELECT json_build_object('sessions', coalesce(json_agg(q.session
          ORDER BY q.scheduled_at DESC NULLS LAST, q.id DESC), '[]'::json))::text
        FROM (SELECT json_build_object(${rowJsonArgs(intake_sessions)}, 'matchmaker', ${matchmakerJson},
            'client', json_build_object('id', ${client.id}, 'full_name', ${client.full_name}, 'tier', ${client.tier})) AS session,
            ${intake_sessions.scheduled_at} AS scheduled_at, ${intake_sessions.id} AS id
          FROM ${intake_sessions}
          JOIN ${user_profiles} ${sql.identifier('intake_client')} ON ${client.id} = ${intake_sessions.user_id}
          LEFT JOIN ${user_profiles} ${sql.identifier('intake_matchmaker')} ON ${matchmaker.id} = ${intake_sessions.assigned_matchmaker_id}
          ${where ? sql`WHERE ${where}` : sql``}
          ORDER BY ${intake_sessions.scheduled_at} DESC NULLS LAST, ${intake_sessions.id} DESC
          LIMIT ${sql.raw(String(STAFF_LIST_LIMIT))}) q)`;
    };
    read = {
      name: `staff_intake_sessions_${key}`,
      data: (actor_id) => sql<JsonText<StaffIntakeSessionsResponse>>`CASE ${user_profiles.role}
        WHEN 'admin' THEN ${list(true, actor_id)}
        WHEN 'matchmaker' THEN ${list(false, actor_id)} END`,
    };
    staffIntakeReads.set(key, read);
  }
  return read;
}
const staffIntakeReads = new Map<string, ReadWithSession<JsonText<StaffIntakeSessionsResponse>>>();

/** The values of `staffIntakeSessionsRead`'s placeholders: instants as ISO text, in UTC. */
export function staffIntakeFilterValues(filters: StaffIntakeFilters): Record<string, unknown> {
  return {
    status: filters.status,
    from: filters.from ? new Date(filters.from).toISOString() : undefined,
    to: filters.to ? new Date(filters.to).toISOString() : undefined,
  };
}

/**
 * For the trait tagger (issue 15): the client's latest completed intake with the matchmaker's
 * notes, or null. The notes are stored in the transaction that completes the session.
 */
export async function findCompletedIntakeWithNotes({
  ctx,
  clientId,
}: {
  ctx: Pick<AppContext, 'db'>;
  clientId: string;
}): Promise<{
  session_id: string;
  client_id: string;
  matchmaker_id: string | null;
  matchmaker_notes: string;
  completed_at: Date;
} | null> {
  const [row] = await ctx.db
    .select({
      session_id: intake_sessions.id,
      client_id: intake_sessions.user_id,
      matchmaker_id: intake_sessions.assigned_matchmaker_id,
      matchmaker_notes: intake_sessions.matchmaker_notes,
      completed_at: intake_sessions.completed_at,
      updated_at: intake_sessions.updated_at,
    })
    .from(intake_sessions)
    .where(
      and(
        eq(intake_sessions.user_id, clientId),
        eq(intake_sessions.status, 'completed'),
        // Issue 26: the intake's notes; a follow-up's or coaching session's are not tagged.
        eq(intake_sessions.session_type, 'intake'),
        sql`${intake_sessions.matchmaker_notes} IS NOT NULL`,
      ),
    )
    .orderBy(sql`${intake_sessions.completed_at} DESC NULLS LAST`, desc(intake_sessions.updated_at))
    .limit(1);
  if (!row?.matchmaker_notes) return null;
  return {
    session_id: row.session_id,
    client_id: row.client_id,
    matchmaker_id: row.matchmaker_id,
    matchmaker_notes: row.matchmaker_notes,
    completed_at: row.completed_at ?? row.updated_at,
  };
}

// ---------------------------------------------------------------------------------------------
// Which scheduler a client sees

/**
 * Issue 13 point 1: the assigned matchmaker's Calendly link, else the tier's fallback link under
 * CALENDLY_BASE_URL; the signed client reference rides along in a UTM field. With the Testagenda
 * the same link is opened in the local test scheduler.
 */
export async function getSchedulerSettings({
  ctx,
  actor,
}: {
  ctx: AppContext;
  actor: Actor;
}): Promise<SchedulerSettings> {
  const assigned = actor.profile.assigned_matchmaker_id;
  let link: string | null = null;
  if (assigned) {
    const [row] = await ctx.db
      .select({ calendly_link: matchmaker_profiles.calendly_link })
      .from(matchmaker_profiles)
      .where(and(eq(matchmaker_profiles.id, assigned), eq(matchmaker_profiles.is_active, true)));
    if (row?.calendly_link && isCalendlyUrl(row.calendly_link)) link = row.calendly_link;
  }
  const source = link ? 'matchmaker' : 'fallback';
  link ??= `${ctx.scheduler.baseUrl}/${fallbackEventSlug(actor.profile.tier)}`;
  const ref = signClientRef(actor.user.id, ctx.scheduler.refSecret);
  if (ctx.scheduler.name === 'demo') {
    const url = new URL('/testagenda', ctx.env.APP_URL);
    url.searchParams.set('link', link);
    url.searchParams.set(CLIENT_REF_UTM_FIELD, ref);
    return { provider: 'demo', link, url: `${url.pathname}${url.search}`, source };
  }
  const url = new URL(link);
  url.searchParams.set(CLIENT_REF_UTM_FIELD, ref);
  return { provider: 'calendly', link, url: url.toString(), source };
}

/** E-mail and name of everyone named, in one query; a lookup by id (for the intake's e-mails). */
export async function findPeople(db: Db, ids: readonly (string | null | undefined)[]) {
  const wanted = [...new Set(ids.filter((id): id is string => !!id))];
  const rows: MailPerson[] = wanted.length
    ? await db
        .select({ id: user.id, email: user.email, full_name: user_profiles.full_name })
        .from(user)
        .innerJoin(user_profiles, eq(user_profiles.id, user.id))
        .where(inArray(user.id, wanted))
    : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  return (id: string | null | undefined) => (id ? byId.get(id) : undefined);
}
