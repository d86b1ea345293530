import { and, eq, sql } from 'drizzle-orm';
import type { ClientFile, ClientFileMatch, ClientNote, ClientNoteInput } from '../../../shared/clients';
import type { StaffIntakeSession } from '../../../shared/intake';
import { checkClientAccess, requireClientAccess } from '../../auth/client-access';
import type { Actor, AppContext } from '../../context';
import {
  account_settings,
  client_match_responses,
  client_notes,
  intake_sessions,
  match_feedback,
  match_follow_up,
  matches,
  quiz_attempts,
  user,
  user_profiles,
} from '../../db/schema';
import { selectTogether, tableRows } from '../../db/together';
import { AppError } from '../../lib/errors';
import { toStaffDay } from '../../lib/staff-day';
import { type OwnProfileRows, ownProfileQueries, toOwnProfile } from '../profile';
import { latestQuizAttemptsQuery, toLatestQuizResult } from '../quiz';

const iso = (date: Date | null | undefined) => date?.toISOString() ?? null;

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
  // One statement (issue 19): the access check's row is read with everything else, and nothing
  // leaves this function before the check passed.
  const rows = await selectTogether<
    OwnProfileRows & {
      account: { email: string; matchmaker_name: string | null; paused_at: string | null };
      quiz: object;
      sessions: { host: string | null };
      matches: {
        other_id: string;
        other_name: string | null;
        matchmaker_name: string | null;
        my_response: string | null;
        my_reason: string | null;
        other_response: string | null;
        feedback_count: number;
        follow_up_count: number;
      };
      notes: { author_name: string | null };
    }
  >(ctx.db, {
    account: sql`
      SELECT p.*, u.email, m.full_name AS matchmaker_name, s.matching_paused_at AS paused_at
      FROM ${user_profiles} p
      JOIN ${user} u ON u.id = p.id
      LEFT JOIN ${user_profiles} m ON m.id = p.assigned_matchmaker_id
      LEFT JOIN ${account_settings} s ON s.user_id = p.id
      WHERE p.id = ${clientId} AND p.role = 'client'`,
    ...ownProfileQueries(clientId),
    quiz: latestQuizAttemptsQuery(clientId),
    sessions: sql`
      SELECT i.*, h.full_name AS host FROM ${intake_sessions} i
      LEFT JOIN ${user_profiles} h ON h.id = i.assigned_matchmaker_id
      WHERE i.user_id = ${clientId} ORDER BY i.scheduled_at DESC`,
    matches: sql`
      SELECT m.*, o.id AS other_id, o.full_name AS other_name, mm.full_name AS matchmaker_name,
             (SELECT response FROM ${client_match_responses} r WHERE r.match_id = m.id AND r.client_id = ${clientId}) AS my_response,
             (SELECT rejection_reason FROM ${client_match_responses} r WHERE r.match_id = m.id AND r.client_id = ${clientId}) AS my_reason,
             (SELECT response FROM ${client_match_responses} r WHERE r.match_id = m.id AND r.client_id = o.id) AS other_response,
             (SELECT count(*)::int FROM ${match_feedback} f WHERE f.match_id = m.id) AS feedback_count,
             (SELECT count(*)::int FROM ${match_follow_up} u WHERE u.match_id = m.id) AS follow_up_count
      FROM ${matches} m
      JOIN ${user_profiles} o ON o.id = CASE WHEN m.client1_id = ${clientId} THEN m.client2_id ELSE m.client1_id END
      LEFT JOIN ${user_profiles} mm ON mm.id = m.matchmaker_id
      WHERE m.client1_id = ${clientId} OR m.client2_id = ${clientId}
      ORDER BY m.created_at DESC`,
    notes: sql`
      SELECT n.*, a.full_name AS author_name FROM ${client_notes} n
      LEFT JOIN ${user_profiles} a ON a.id = n.author_id
      WHERE n.client_id = ${clientId} ORDER BY n.created_at DESC`,
  });
  const [account] = rows.account;
  const p = checkClientAccess({ actor, client: tableRows(user_profiles, rows.account)[0] });
  const profile = toOwnProfile(rows);
  const quiz = toLatestQuizResult(tableRows(quiz_attempts, rows.quiz));
  const sessionRows = tableRows(intake_sessions, rows.sessions);
  const sessions = sessionRows.map((session, index) => ({ session, host: rows.sessions[index]!.host }));
  const matchRows = tableRows(matches, rows.matches).map((match, index) => ({
    ...rows.matches[index]!,
    match,
  }));
  const notes = tableRows(client_notes, rows.notes).map((note, index) =>
    toNote(note, rows.notes[index]!.author_name),
  );
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
      email: account!.email,
      tier: p.tier,
      contract_status: p.contract_status,
      subscription_status: p.subscription_status,
      subscription_started_at: iso(p.subscription_started_at),
      subscription_ends_at: iso(p.subscription_ends_at),
      grace_period_end_date: iso(p.grace_period_end_date),
      member_since: p.created_at.toISOString(),
      // Decision 034: to the day, so anonymous feedback cannot be laid beside it.
      last_activity_at: toStaffDay(p.last_activity_at),
      assigned_matchmaker_id: p.assigned_matchmaker_id,
      assigned_matchmaker_name: account!.matchmaker_name,
      matching_paused: p.contract_status === 'paused' || account!.paused_at !== null,
    },
    profile,
    quiz,
    intake_sessions: intakeSessions,
    matches: fileMatches,
    notes,
  };
}

function toNote(note: typeof client_notes.$inferSelect, author_name: string | null): ClientNote {
  return {
    id: note.id,
    body: note.body,
    author_id: note.author_id,
    author_name,
    created_at: note.created_at.toISOString(),
    updated_at: note.updated_at.toISOString(),
  };
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
  await requireClientAccess({ ctx, actor, clientId });
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
  await requireClientAccess({ ctx, actor, clientId });
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
