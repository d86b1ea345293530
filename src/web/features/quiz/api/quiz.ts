import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  LatestQuizResultResponse,
  QuizAttempt,
  QuizResult,
  QuizStateResponse,
  SaveQuizAnswerInput,
} from '../../../../shared/quiz';
import { apiFetch } from '../../../lib/api';

export const quizQueryKey = ['quiz'] as const;
export const latestQuizResultQueryKey = ['quiz', 'result'] as const;

/** GET /api/me/quiz: the attempt in progress (with its answers) and the finished ones, newest first. */
export const quizStateQueryOptions = queryOptions({
  queryKey: quizQueryKey,
  queryFn: ({ signal }) => apiFetch<QuizStateResponse>('/api/me/quiz', { signal }),
});

/**
 * GET /api/me/quiz/result: the latest bands and whether the client finished the quiz. For other
 * pages (profile overview, account overview's next steps): `useLatestQuizResult()`.
 */
export const latestQuizResultQueryOptions = queryOptions({
  queryKey: latestQuizResultQueryKey,
  queryFn: ({ signal }) => apiFetch<LatestQuizResultResponse>('/api/me/quiz/result', { signal }),
});

export function useLatestQuizResult() {
  return useQuery(latestQuizResultQueryOptions);
}

/** POST /api/me/quiz/attempts: a new attempt (a retake), or the one in progress. */
export function useStartQuiz() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      (await apiFetch<{ attempt: QuizAttempt }>('/api/me/quiz/attempts', { method: 'POST' })).attempt,
    onSuccess: (attempt) => {
      queryClient.setQueryData<QuizStateResponse>(quizQueryKey, (state) =>
        state ? { ...state, current: attempt } : state,
      );
      void queryClient.invalidateQueries({ queryKey: quizQueryKey });
    },
  });
}

/** PUT /api/me/quiz/attempts/{id}/answers: one answer, saved as the client goes. */
export function saveQuizAnswer(attemptId: string, input: SaveQuizAnswerInput) {
  return apiFetch<{ answered: number; total: number }>(`/api/me/quiz/attempts/${attemptId}/answers`, {
    method: 'PUT',
    json: input,
  });
}

/** POST /api/me/quiz/attempts/{id}/finish: the result; the quiz queries are refreshed. */
export function useFinishQuiz() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (attemptId: string) =>
      (
        await apiFetch<{ result: QuizResult }>(`/api/me/quiz/attempts/${attemptId}/finish`, {
          method: 'POST',
        })
      ).result,
    onSuccess: (result) => {
      queryClient.setQueryData<QuizStateResponse>(quizQueryKey, (state) =>
        state
          ? {
              current: null,
              results: [result, ...state.results.filter((r) => r.attempt_id !== result.attempt_id)],
            }
          : state,
      );
      void queryClient.invalidateQueries({ queryKey: quizQueryKey });
    },
  });
}
