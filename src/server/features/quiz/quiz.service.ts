import { and, asc, desc, eq, inArray, isNotNull, isNull, notInArray, sql } from 'drizzle-orm';
import {
  dimensionResults,
  type LatestQuizResultResponse,
  QUIZ_DIMENSIONS,
  QUIZ_QUESTIONS,
  QUIZ_VERSION,
  type QuizAttempt,
  type QuizResult,
  type QuizScores,
  type QuizStateResponse,
  quizQuestion,
  quizTraitSuggestions,
  type SaveQuizAnswerInput,
  scoreQuiz,
  unansweredQuestions,
} from '../../../shared/quiz';
import type { Actor, AppContext } from '../../context';
import type { Db } from '../../db/client';
import { client_traits, quiz_answers, quiz_attempts } from '../../db/schema';
import { AppError } from '../../lib/errors';

type AttemptRow = typeof quiz_attempts.$inferSelect;

function toResult(row: AttemptRow): QuizResult {
  const scores: Partial<QuizScores> = {};
  for (const dimension of QUIZ_DIMENSIONS) {
    const score = row[dimension];
    if (score !== null) scores[dimension] = score;
  }
  return {
    attempt_id: row.id,
    quiz_version: row.quiz_version,
    started_at: row.started_at.toISOString(),
    finished_at: row.finished_at!.toISOString(),
    dimensions: dimensionResults(scores),
  };
}

async function answersOf(db: Db, attempt_id: string) {
  return db
    .select({ question_id: quiz_answers.question_id, value: quiz_answers.value })
    .from(quiz_answers)
    .where(eq(quiz_answers.attempt_id, attempt_id))
    .orderBy(asc(quiz_answers.question_id));
}

async function openAttemptOf(db: Db, client_id: string): Promise<AttemptRow | undefined> {
  const [row] = await db
    .select()
    .from(quiz_attempts)
    .where(and(eq(quiz_attempts.client_id, client_id), isNull(quiz_attempts.finished_at)));
  return row;
}

async function toAttempt(db: Db, row: AttemptRow): Promise<QuizAttempt> {
  return {
    id: row.id,
    quiz_version: row.quiz_version,
    started_at: row.started_at.toISOString(),
    answers: await answersOf(db, row.id),
  };
}

/** The client's own attempt; 404 for anyone else's (whose existence is not revealed). */
async function ownAttempt(
  db: Db,
  actor: Actor,
  attempt_id: string,
  { lock = false } = {},
): Promise<AttemptRow> {
  const query = db
    .select()
    .from(quiz_attempts)
    .where(and(eq(quiz_attempts.id, attempt_id), eq(quiz_attempts.client_id, actor.user.id)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new AppError('QUIZ_ATTEMPT_NOT_FOUND');
  return row;
}

/** GET /api/me/quiz: the attempt in progress with its answers, and the finished ones, newest first. */
export async function getQuizState({
  ctx,
  actor,
}: {
  ctx: AppContext;
  actor: Actor;
}): Promise<QuizStateResponse> {
  const rows = await ctx.db
    .select()
    .from(quiz_attempts)
    .where(eq(quiz_attempts.client_id, actor.user.id))
    .orderBy(desc(quiz_attempts.finished_at), desc(quiz_attempts.started_at));
  const open = rows.find((row) => row.finished_at === null);
  return {
    current: open ? await toAttempt(ctx.db, open) : null,
    results: rows.filter((row) => row.finished_at !== null).map(toResult),
  };
}

/**
 * POST /api/me/quiz/attempts: starts an attempt, or returns the one in progress (a second tab, a
 * double click). A retake is a new attempt: the finished ones stay as history.
 */
export async function startQuizAttempt({
  ctx,
  actor,
}: {
  ctx: AppContext;
  actor: Actor;
}): Promise<{ attempt: QuizAttempt; created: boolean }> {
  const existing = await openAttemptOf(ctx.db, actor.user.id);
  if (existing) return { attempt: await toAttempt(ctx.db, existing), created: false };
  const now = ctx.clock.now();
  const [row] = await ctx.db
    .insert(quiz_attempts)
    .values({
      client_id: actor.user.id,
      quiz_version: QUIZ_VERSION,
      started_at: now,
      created_at: now,
      updated_at: now,
    })
    // The partial unique index keeps one open attempt when two requests race.
    .onConflictDoNothing()
    .returning();
  if (row) return { attempt: await toAttempt(ctx.db, row), created: true };
  const raced = await openAttemptOf(ctx.db, actor.user.id);
  if (!raced) throw new AppError('QUIZ_ATTEMPT_NOT_FOUND');
  return { attempt: await toAttempt(ctx.db, raced), created: false };
}

/** PUT /api/me/quiz/attempts/{id}/answers: saves (or changes) one answer of an attempt in progress. */
export async function saveQuizAnswer({
  ctx,
  actor,
  attempt_id,
  input,
}: {
  ctx: AppContext;
  actor: Actor;
  attempt_id: string;
  input: SaveQuizAnswerInput;
}): Promise<{ question_id: string; value: number; answered: number; total: number }> {
  return ctx.transaction(async ({ db }) => {
    const attempt = await ownAttempt(db, actor, attempt_id, { lock: true });
    if (attempt.finished_at) throw new AppError('QUIZ_ATTEMPT_FINISHED');
    const now = ctx.clock.now();
    await db
      .insert(quiz_answers)
      .values({ attempt_id, question_id: input.question_id, value: input.value, answered_at: now })
      .onConflictDoUpdate({
        target: [quiz_answers.attempt_id, quiz_answers.question_id],
        set: { value: input.value, answered_at: now },
      });
    await db.update(quiz_attempts).set({ updated_at: now }).where(eq(quiz_attempts.id, attempt_id));
    const answers = await answersOf(db, attempt_id);
    const answered = answers.filter((a) => quizQuestion(a.question_id)).length;
    return { question_id: input.question_id, value: input.value, answered, total: QUIZ_QUESTIONS.length };
  });
}

/**
 * POST /api/me/quiz/attempts/{id}/finish: scores the attempt, stores the scores on it and, in the
 * same transaction, the trait tags it suggests for the matchmaker (`client_traits`, source 'quiz',
 * status 'suggested'). A tag the matchmaker already confirmed or rejected is left as decided; a
 * suggestion of an earlier attempt this one no longer makes is withdrawn. Finishing twice answers
 * the same result.
 */
export async function finishQuizAttempt({
  ctx,
  actor,
  attempt_id,
}: {
  ctx: AppContext;
  actor: Actor;
  attempt_id: string;
}): Promise<QuizResult> {
  return ctx.transaction(async ({ db }) => {
    const attempt = await ownAttempt(db, actor, attempt_id, { lock: true });
    if (attempt.finished_at) return toResult(attempt);
    const answers = Object.fromEntries(
      (await answersOf(db, attempt_id))
        .filter((a) => quizQuestion(a.question_id))
        .map((a) => [a.question_id, a.value]),
    );
    if (unansweredQuestions(answers).length > 0) throw new AppError('QUIZ_INCOMPLETE');
    const scores = scoreQuiz(answers);
    const now = ctx.clock.now();
    const [finished] = await db
      .update(quiz_attempts)
      .set({ ...scores, finished_at: now, updated_at: now })
      .where(eq(quiz_attempts.id, attempt_id))
      .returning();

    const suggestions = quizTraitSuggestions(answers);
    for (const suggestion of suggestions) {
      await db
        .insert(client_traits)
        .values({
          client_id: actor.user.id,
          trait: suggestion.trait,
          confidence: suggestion.confidence,
          source: 'quiz',
          evidence: suggestion.evidence,
          status: 'suggested',
          created_at: now,
          updated_at: now,
        })
        .onConflictDoUpdate({
          target: [client_traits.client_id, client_traits.trait, client_traits.source],
          set: { confidence: suggestion.confidence, evidence: suggestion.evidence, updated_at: now },
          setWhere: sql`${client_traits.status} = 'suggested'`,
        });
    }
    const kept = suggestions.map((s) => s.trait);
    await db
      .delete(client_traits)
      .where(
        and(
          eq(client_traits.client_id, actor.user.id),
          eq(client_traits.source, 'quiz'),
          eq(client_traits.status, 'suggested'),
          kept.length > 0 ? notInArray(client_traits.trait, kept) : undefined,
        ),
      );
    return toResult(finished!);
  });
}

/**
 * A client's latest bands and whether they finished the quiz: for the profile overview, the
 * account overview, staff views and magic match. `in_progress` when an attempt is open.
 */
export async function latestQuizResult({
  ctx,
  clientId,
}: {
  ctx: AppContext;
  clientId: string;
}): Promise<LatestQuizResultResponse> {
  const rows = await ctx.db
    .select()
    .from(quiz_attempts)
    .where(eq(quiz_attempts.client_id, clientId))
    .orderBy(desc(quiz_attempts.finished_at))
    .limit(2);
  return toLatestQuizResult(rows);
}

/** The rows `latestQuizResult` reads, as a query for `selectTogether` (issue 19: the client's file). */
export const latestQuizAttemptsQuery = (clientId: string) =>
  sql`SELECT * FROM ${quiz_attempts} WHERE client_id = ${clientId} ORDER BY finished_at DESC LIMIT 2`;

/** The answer of `latestQuizResult` from the client's two latest attempts, finished first. */
export function toLatestQuizResult(rows: readonly AttemptRow[]): LatestQuizResultResponse {
  const latest = rows.find((row) => row.finished_at !== null);
  return {
    finished: latest !== undefined,
    in_progress: rows.some((row) => row.finished_at === null),
    result: latest ? toResult(latest) : null,
  };
}

/** The latest scores of many clients at once (one query), e.g. for magic match's quiz similarity. */
export async function latestQuizScores({
  ctx,
  clientIds,
}: {
  ctx: AppContext;
  clientIds: readonly string[];
}): Promise<Map<string, QuizScores>> {
  if (clientIds.length === 0) return new Map();
  const rows = await ctx.db
    .selectDistinctOn([quiz_attempts.client_id])
    .from(quiz_attempts)
    .where(and(inArray(quiz_attempts.client_id, [...clientIds]), isNotNull(quiz_attempts.finished_at)))
    .orderBy(quiz_attempts.client_id, desc(quiz_attempts.finished_at));
  return new Map(
    rows.map((row) => [
      row.client_id,
      Object.fromEntries(QUIZ_DIMENSIONS.map((d) => [d, row[d] ?? 0])) as QuizScores,
    ]),
  );
}

/**
 * Every quiz row about a client, for the GDPR export (`GET /api/me/export`): each attempt with its
 * scores and its answers. (Deleting the client's `user_profiles` row removes them by cascade.)
 */
export async function exportQuizData({ ctx, clientId }: { ctx: AppContext; clientId: string }) {
  const attempts = await ctx.db
    .select()
    .from(quiz_attempts)
    .where(eq(quiz_attempts.client_id, clientId))
    .orderBy(asc(quiz_attempts.started_at));
  const answers =
    attempts.length === 0
      ? []
      : await ctx.db
          .select()
          .from(quiz_answers)
          .where(
            inArray(
              quiz_answers.attempt_id,
              attempts.map((a) => a.id),
            ),
          )
          .orderBy(asc(quiz_answers.answered_at));
  return {
    quiz_attempts: attempts.map((attempt) => ({
      ...attempt,
      answers: answers.filter((a) => a.attempt_id === attempt.id),
    })),
  };
}
