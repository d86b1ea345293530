import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { QuizStateResponse, SaveQuizAnswerInput } from '../../../../shared/quiz';
import { type ApiBody, api, dataOf } from '../../../lib/api';

export const quizQueryKey = ['quiz'] as const;
export const latestQuizResultQueryKey = ['quiz', 'result'] as const;

/** GET /api/me/quiz: the attempt in progress (with its answers) and the finished ones, newest first. */
export const quizStateQueryOptions = queryOptions({
  queryKey: quizQueryKey,
  queryFn: ({ signal }) => dataOf(api.GET('/api/me/quiz', { signal })),
});

/**
 * GET /api/me/quiz/result: the latest bands and whether the client finished the quiz. For other
 * pages (profile overview, account overview's next steps): `useLatestQuizResult()`.
 */
export const latestQuizResultQueryOptions = queryOptions({
  queryKey: latestQuizResultQueryKey,
  queryFn: ({ signal }) => dataOf(api.GET('/api/me/quiz/result', { signal })),
});

export function useLatestQuizResult() {
  return useQuery(latestQuizResultQueryOptions);
}

/** POST /api/me/quiz/attempts: a new attempt (a retake), or the one in progress. */
export function useStartQuiz() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await dataOf(api.POST('/api/me/quiz/attempts'))).attempt,
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
  // The document lists the statements' ids; src/shared types them as any string (QUIZ_QUESTION_IDS).
  const body = input as ApiBody<'/api/me/quiz/attempts/{id}/answers', 'put'>;
  return dataOf(api.PUT('/api/me/quiz/attempts/{id}/answers', { params: { path: { id: attemptId } }, body }));
}

/** POST /api/me/quiz/attempts/{id}/finish: the result; the quiz queries are refreshed. */
export function useFinishQuiz() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (attemptId: string) =>
      (await dataOf(api.POST('/api/me/quiz/attempts/{id}/finish', { params: { path: { id: attemptId } } })))
        .result,
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
