import { and, desc, eq, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ClientFile, ClientFileMatch, ClientNote, ClientNoteInput } from '../../../shared/clients';
import type { StaffIntakeSession } from '../../../shared/intake';
import type { Actor, AppContext } from '../../context';
import {
  account_settings,
  client_match_responses,
  client_notes,
  intake_sessions,
  match_feedback,
  match_follow_up,
  matches,
  user,
  user_profiles,
} from '../../db/schema';
import { AppError } from '../../lib/errors';
import { getOwnProfile } from '../profile';
import { latestQuizResult } from '../quiz';
import { requireClientAccess } from './client-access';

const iso = (date: Date | null | undefined) => date?.toISOString() ?? null;
const matchmaker = alias(user_profiles, 'matchmaker');
const other = alias(user_profiles, 'other');
const author = alias(user_profiles, 'author');

/**
 * A client's file (issue 15): account and term, profile and photos, quiz bands, intakes with the
 * matchmaker's notes, matches with both answers, and staff notes. For the client's own matchmaker
 * and admins (requireClientAccess); the traits come from the traits feature's own endpoint.
 */
export async function clientFile({
  ctx,
  actor,
  clientId,
}: {
  ctx: AppContext;
  actor: Actor;
  clientId: string;
}): Promise<ClientFile> {
  await requireClientAccess(ctx, actor, clientId);
  const [[account], profile, quiz, sessions, matchRows, notes] = await Promise.all([
    ctx.db
      .select({
        profile: user_profiles,
        email: user.email,
        matchmaker_name: matchmaker.full_name,
        paused_at: account_settings.matching_paused_at,
      })
      .from(user_profiles)
      .innerJoin(user, eq(user.id, user_profiles.id))
      .leftJoin(matchmaker, eq(matchmaker.id, user_profiles.assigned_matchmaker_id))
      .leftJoin(account_settings, eq(account_settings.user_id, user_profiles.id))
      .where(eq(user_profiles.id, clientId)),
    getOwnProfile({ ctx, client_id: clientId }),
    latestQuizResult(ctx, clientId),
    ctx.db
      .select({ session: intake_sessions, host: matchmaker.full_name })
      .from(intake_sessions)
      .leftJoin(matchmaker, eq(matchmaker.id, intake_sessions.assigned_matchmaker_id))
      .where(eq(intake_sessions.user_id, clientId))
      .orderBy(desc(intake_sessions.scheduled_at)),
    ctx.db
      .select({
        match: matches,
        other_id: other.id,
        other_name: other.full_name,
        matchmaker_name: matchmaker.full_name,
        my_response: sql<
          string | null
        >`(SELECT response FROM ${client_match_responses} r WHERE r.match_id = ${matches.id} AND r.client_id = ${clientId})`,
        my_reason: sql<
          string | null
        >`(SELECT rejection_reason FROM ${client_match_responses} r WHERE r.match_id = ${matches.id} AND r.client_id = ${clientId})`,
        other_response: sql<
          string | null
        >`(SELECT response FROM ${client_match_responses} r WHERE r.match_id = ${matches.id} AND r.client_id = ${other.id})`,
        feedback_count: sql<number>`(SELECT count(*)::int FROM ${match_feedback} f WHERE f.match_id = ${matches.id})`,
        follow_up_count: sql<number>`(SELECT count(*)::int FROM ${match_follow_up} u WHERE u.match_id = ${matches.id})`,
      })
      .from(matches)
      .innerJoin(
        other,
        sql`${other.id} = CASE WHEN ${matches.client1_id} = ${clientId} THEN ${matches.client2_id} ELSE ${matches.client1_id} END`,
      )
      .leftJoin(matchmaker, eq(matchmaker.id, matches.matchmaker_id))
      .where(or(eq(matches.client1_id, clientId), eq(matches.client2_id, clientId)))
      .orderBy(desc(matches.created_at)),
    listNotes(ctx, clientId),
  ]);
  if (!account) throw new AppError('NOT_FOUND', 'Klant niet gevonden');
  const p = account.profile;
  const intakeSessions: StaffIntakeSession[] = sessions.map(({ session: s, host }) => ({
    id: s.id,
    user_id: s.user_id,
    calendly_event_id: s.calendly_event_id,
    scheduled_at: iso(s.scheduled_at),
    session_type: s.session_type,
    status: s.status,
    location: s.location,
    join_url: s.join_url,
    assigned_matchmaker_id: s.assigned_matchmaker_id,
    matchmaker: s.assigned_matchmaker_id ? { id: s.assigned_matchmaker_id, full_name: host } : null,
    completed_at: iso(s.completed_at),
    cancelled_at: iso(s.cancelled_at),
    created_at: s.created_at.toISOString(),
    updated_at: s.updated_at.toISOString(),
    matchmaker_notes: s.matchmaker_notes,
    client: { id: clientId, full_name: p.full_name, tier: p.tier },
  }));
  const fileMatches: ClientFileMatch[] = matchRows.map((row) => ({
    id: row.match.id,
    status: row.match.status,
    other: { id: row.other_id, full_name: row.other_name },
    matchmaker_name: row.matchmaker_name,
    proposed_at: (row.match.proposed_to_clients_at ?? row.match.created_at).toISOString(),
    my_response: (row.my_response as ClientFileMatch['my_response']) ?? null,
    other_response: (row.other_response as ClientFileMatch['other_response']) ?? null,
    rejection_reason: row.my_reason,
    scheduled_at: iso(row.match.scheduled_at),
    completed_at: iso(row.match.completed_at),
    feedback_count: Number(row.feedback_count),
    follow_up_count: Number(row.follow_up_count),
  }));
  return {
    client: {
      id: p.id,
      full_name: p.full_name,
      email: account.email,
      tier: p.tier,
      contract_status: p.contract_status,
      subscription_status: p.subscription_status,
      subscription_started_at: iso(p.subscription_started_at),
      subscription_ends_at: iso(p.subscription_ends_at),
      grace_period_end_date: iso(p.grace_period_end_date),
      member_since: p.created_at.toISOString(),
      last_activity_at: iso(p.last_activity_at),
      assigned_matchmaker_id: p.assigned_matchmaker_id,
      assigned_matchmaker_name: account.matchmaker_name,
      matching_paused: p.contract_status === 'paused' || account.paused_at !== null,
    },
    profile,
    quiz,
    intake_sessions: intakeSessions,
    matches: fileMatches,
    notes,
  };
}

async function listNotes(ctx: AppContext, clientId: string): Promise<ClientNote[]> {
  const rows = await ctx.db
    .select({ note: client_notes, author_name: author.full_name })
    .from(client_notes)
    .leftJoin(author, eq(author.id, client_notes.author_id))
    .where(eq(client_notes.client_id, clientId))
    .orderBy(desc(client_notes.created_at));
  return rows.map(({ note, author_name }) => ({
    id: note.id,
    body: note.body,
    author_id: note.author_id,
    author_name,
    created_at: note.created_at.toISOString(),
    updated_at: note.updated_at.toISOString(),
  }));
}

/** A staff note on the client's file. */
export async function addClientNote({
  ctx,
  actor,
  clientId,
  input,
}: {
  ctx: AppContext;
  actor: Actor;
  clientId: string;
  input: ClientNoteInput;
}) {
  await requireClientAccess(ctx, actor, clientId);
  const now = ctx.clock.now();
  const [row] = await ctx.db
    .insert(client_notes)
    .values({
      client_id: clientId,
      author_id: actor.user.id,
      body: input.body,
      created_at: now,
      updated_at: now,
    })
    .returning({ id: client_notes.id });
  return { id: row!.id };
}

/** The author edits their own note; anyone else's is refused. */
export async function editClientNote({
  ctx,
  actor,
  clientId,
  noteId,
  input,
}: {
  ctx: AppContext;
  actor: Actor;
  clientId: string;
  noteId: string;
  input: ClientNoteInput;
}) {
  await requireClientAccess(ctx, actor, clientId);
  const [note] = await ctx.db
    .select({ author_id: client_notes.author_id })
    .from(client_notes)
    .where(and(eq(client_notes.id, noteId), eq(client_notes.client_id, clientId)));
  if (!note) throw new AppError('NOT_FOUND', 'Notitie niet gevonden');
  if (note.author_id !== actor.user.id)
    throw new AppError('UNAUTHORIZED', 'Je kunt alleen je eigen notities wijzigen.');
  await ctx.db
    .update(client_notes)
    .set({ body: input.body, updated_at: ctx.clock.now() })
    .where(eq(client_notes.id, noteId));
  return { id: noteId };
}
