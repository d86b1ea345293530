import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, dataOf } from '../../../lib/api';

const TASKS_KEY = ['staff-tasks'] as const;

/** GET /api/tasks: the open tasks of the caller (an admin: all, the queue first), every minute. */
export const tasksQueryOptions = queryOptions({
  queryKey: TASKS_KEY,
  queryFn: ({ signal }) =>
    dataOf(api.GET('/api/tasks', { signal }), { fallbackMessage: 'De taken konden niet geladen worden.' }),
  refetchInterval: 60_000,
});

/** POST /api/tasks/{id}/done */
export function useCompleteTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => dataOf(api.POST('/api/tasks/{id}/done', { params: { path: { id } } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: TASKS_KEY }),
  });
}

/** PUT /api/tasks/{id}/assignee (admins) */
export function useAssignTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, assignee_id }: { id: string; assignee_id: string }) =>
      dataOf(api.PUT('/api/tasks/{id}/assignee', { params: { path: { id } }, body: { assignee_id } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: TASKS_KEY }),
  });
}

/** GET /api/me/purchase-promises: what /success may promise for the purchase. */
export const purchasePromisesQueryOptions = (sessionId: string) =>
  queryOptions({
    queryKey: ['purchase-promises', sessionId] as const,
    queryFn: ({ signal }) =>
      dataOf(api.GET('/api/me/purchase-promises', { params: { query: { session_id: sessionId } }, signal }), {
        fallbackMessage: 'Wat er nu volgt, kon niet geladen worden.',
      }),
  });
