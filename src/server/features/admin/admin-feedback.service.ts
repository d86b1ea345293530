import { and, eq, gte, isNotNull, lt, sql } from 'drizzle-orm';
import {
  type AdminFeedbackEntry,
  type AdminFeedbackQuery,
  FEEDBACK_CSV_HEADERS,
  FEEDBACK_KIND_LABELS,
} from '../../../shared/admin';
import { brusselsToInstant } from '../../../shared/date-time';
import { formatDateTime } from '../../../shared/format';
import type { AppContext } from '../../context';
import { intake_feedback, matchmaker_feedback } from '../../db/schema';
import { isoInstant, selectTogether } from '../../db/together';
import { AppError } from '../../lib/errors';

/* Feedback: every matchmaker and intake feedback, with names (admins see anonymous ones too). */

function period(query: AdminFeedbackQuery) {
  const from = query.from ? brusselsToInstant(query.from) : null;
  // `to` is inclusive: up to the start of the next day in Brussels.
  const to = query.to ? brusselsToInstant(nextDay(query.to)) : null;
  if (from && to && from >= to) throw new AppError('FEEDBACK_PERIOD_INVALID');
  return { from, to };
}

function nextDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

export async function listAllFeedback({
  ctx,
  query,
}: {
  ctx: AppContext;
  query: AdminFeedbackQuery;
}): Promise<AdminFeedbackEntry[]> {
  const { from, to } = period(query);
  const nameOf = (column: unknown) => sql`(SELECT p.full_name FROM user_profiles p WHERE p.id = ${column})`;
  const mf = matchmaker_feedback;
  const inf = intake_feedback;
  const { mfRows, ifRows } = await selectTogether<{
    mfRows: {
      id: string;
      matchmaker_id: string;
      matchmaker_name: string | null;
      client_name: string | null;
      is_anonymous: boolean;
      overall_satisfaction_rating: number;
      communication_rating: number | null;
      preference_understanding_rating: number | null;
      match_quality_rating: number | null;
      responsiveness_rating: number | null;
      feedback_text: string | null;
      improvement_suggestions: string | null;
      created_at: string;
    };
    ifRows: {
      id: string;
      matchmaker_id: string | null;
      matchmaker_name: string | null;
      client_name: string | null;
      overall_satisfaction_rating: number | null;
      professionalism_rating: number | null;
      communication_rating: number | null;
      improvement_feedback: string | null;
      submitted_at: string;
    };
  }>(ctx.db, {
    mfRows: sql`
      SELECT ${mf.id}, ${mf.matchmaker_id}, ${nameOf(mf.matchmaker_id)} AS matchmaker_name,
             ${nameOf(mf.client_id)} AS client_name, ${mf.is_anonymous}, ${mf.overall_satisfaction_rating},
             ${mf.communication_rating}, ${mf.preference_understanding_rating}, ${mf.match_quality_rating},
             ${mf.responsiveness_rating}, ${mf.feedback_text}, ${mf.improvement_suggestions}, ${mf.created_at}
      FROM ${mf}
      WHERE ${and(
        sql`TRUE`,
        query.matchmaker_id ? eq(mf.matchmaker_id, query.matchmaker_id) : undefined,
        from ? gte(mf.created_at, from) : undefined,
        to ? lt(mf.created_at, to) : undefined,
      )}`,
    ifRows: sql`
      SELECT ${inf.id}, ${inf.matchmaker_id}, ${nameOf(inf.matchmaker_id)} AS matchmaker_name,
             ${nameOf(inf.client_id)} AS client_name, ${inf.overall_satisfaction_rating},
             ${inf.professionalism_rating}, ${inf.communication_rating}, ${inf.improvement_feedback},
             coalesce(${inf.submitted_at}, ${inf.created_at}) AS submitted_at
      FROM ${inf}
      WHERE ${and(
        isNotNull(inf.submitted_at),
        query.matchmaker_id ? eq(inf.matchmaker_id, query.matchmaker_id) : undefined,
        from ? gte(inf.submitted_at, from) : undefined,
        to ? lt(inf.submitted_at, to) : undefined,
      )}`,
  });

  const given = (ratings: Record<string, number | null>) =>
    Object.fromEntries(
      Object.entries(ratings).filter((entry): entry is [string, number] => entry[1] !== null),
    );

  const entries: AdminFeedbackEntry[] = [
    ...mfRows.map((row) => ({
      id: row.id,
      kind: 'matchmaker' as const,
      matchmaker_id: row.matchmaker_id,
      matchmaker_name: row.matchmaker_name,
      client_name: row.client_name,
      is_anonymous: row.is_anonymous,
      overall: row.overall_satisfaction_rating,
      ratings: given({
        Communicatie: row.communication_rating,
        'Begrip van voorkeuren': row.preference_understanding_rating,
        'Kwaliteit van matches': row.match_quality_rating,
        Reactiesnelheid: row.responsiveness_rating,
      }),
      text: row.feedback_text,
      suggestions: row.improvement_suggestions,
      submitted_at: isoInstant(row.created_at),
    })),
    ...ifRows.map((row) => ({
      id: row.id,
      kind: 'intake' as const,
      matchmaker_id: row.matchmaker_id,
      matchmaker_name: row.matchmaker_name,
      client_name: row.client_name,
      // Intake ratings are anonymous to the matchmaker (spec section 6); the admin sees the name.
      is_anonymous: true,
      overall: row.overall_satisfaction_rating,
      ratings: given({
        Professionaliteit: row.professionalism_rating,
        Communicatie: row.communication_rating,
      }),
      text: null,
      suggestions: row.improvement_feedback,
      submitted_at: isoInstant(row.submitted_at),
    })),
  ];
  return entries.sort((a, b) => b.submitted_at.localeCompare(a.submitted_at) || a.id.localeCompare(b.id));
}

/** A CSV cell: quoted, quotes doubled, and a leading formula character neutralised. */
function csvCell(value: string | number | null): string {
  let text = value === null ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replaceAll('"', '""')}"`;
}

/** The same list as CSV (UTF-8 with BOM, `;` as Belgian spreadsheets expect). */
export function feedbackCsv(entries: readonly AdminFeedbackEntry[]): string {
  const lines = [FEEDBACK_CSV_HEADERS.map(csvCell).join(';')];
  for (const e of entries) {
    lines.push(
      [
        FEEDBACK_KIND_LABELS[e.kind],
        formatDateTime(e.submitted_at),
        e.matchmaker_name,
        e.client_name,
        e.is_anonymous ? 'ja' : 'nee',
        e.overall,
        Object.entries(e.ratings)
          .map(([label, value]) => `${label}: ${value}`)
          .join(', '),
        e.text,
        e.suggestions,
      ]
        .map(csvCell)
        .join(';'),
    );
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
