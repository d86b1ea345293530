import {
  QUIZ_QUESTIONS,
  QUIZ_VERSION,
  type QuizAnswers,
  quizTraitSuggestions,
  scoreQuiz,
} from '../../shared/quiz';
import type { Db } from './client';
import { client_traits, quiz_answers, quiz_attempts } from './schema';

export interface CreateQuizAttemptOptions {
  client_id: string;
  /** Answers by statement id (1-5); a finished attempt needs all of them. */
  answers: QuizAnswers;
  started_at: Date;
  /** When given, the attempt is finished then: scores on it, and its trait suggestions stored. */
  finished_at?: Date;
}

/**
 * A quiz attempt as the product would have written it (issue 14): the answers given one by one
 * between start and finish, and for a finished attempt the scores of `scoreQuiz` and the trait
 * suggestions (source 'quiz', status 'suggested') of `quizTraitSuggestions`.
 */
export async function createQuizAttempt(db: Db, options: CreateQuizAttemptOptions) {
  const { client_id, answers, started_at, finished_at } = options;
  const scores = finished_at ? scoreQuiz(answers) : {};
  const [attempt] = await db
    .insert(quiz_attempts)
    .values({
      client_id,
      quiz_version: QUIZ_VERSION,
      started_at,
      finished_at: finished_at ?? null,
      ...scores,
      created_at: started_at,
      updated_at: finished_at ?? started_at,
    })
    .returning();
  const answered = QUIZ_QUESTIONS.filter((q) => answers[q.id] !== undefined);
  const span =
    (finished_at?.getTime() ?? started_at.getTime() + answered.length * 15_000) - started_at.getTime();
  if (answered.length > 0) {
    await db.insert(quiz_answers).values(
      answered.map((q, i) => ({
        attempt_id: attempt!.id,
        question_id: q.id,
        value: answers[q.id]!,
        answered_at: new Date(started_at.getTime() + Math.round((span * (i + 1)) / (answered.length + 1))),
      })),
    );
  }
  if (finished_at) {
    const suggestions = quizTraitSuggestions(answers);
    if (suggestions.length > 0) {
      await db.insert(client_traits).values(
        suggestions.map((s) => ({
          client_id,
          trait: s.trait,
          confidence: s.confidence,
          source: 'quiz' as const,
          evidence: s.evidence,
          status: 'suggested' as const,
          created_at: finished_at,
          updated_at: finished_at,
        })),
      );
    }
  }
  return attempt!;
}
