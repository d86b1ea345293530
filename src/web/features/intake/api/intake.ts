import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { IntakeStatus } from '../../../../shared/domain';
import type { CreateIntakeSessionInput } from '../../../../shared/intake';
import { MESSAGES } from '../../../../shared/messages';
import { api, dataOf } from '../../../lib/api';
import { meQueryKey } from '../../../lib/me';
import { workspaceDashboardQueryKey } from '../../../lib/workspace-dashboard-key';

export const myIntakeSessionsQueryKey = ['intake-sessions', 'mine'] as const;
export const myIntakeSessionsQueryOptions = queryOptions({
  queryKey: myIntakeSessionsQueryKey,
  queryFn: async ({ signal }) =>
    (
      await dataOf(api.GET('/api/me/intake-sessions', { signal }), {
        fallbackMessage: MESSAGES.intakeDetailsFailed,
      })
    ).sessions,
});

export const schedulerSettingsQueryOptions = queryOptions({
  queryKey: ['intake-scheduler'] as const,
  queryFn: ({ signal }) => dataOf(api.GET('/api/me/scheduler', { signal })),
  staleTime: 5 * 60_000,
});

export const testSchedulerSlotsQueryOptions = (link: string) =>
  queryOptions({
    queryKey: ['testagenda', link] as const,
    queryFn: ({ signal }) =>
      dataOf(api.GET('/api/testagenda/slots', { params: { query: { link } }, signal })),
  });

export function bookTestSchedulerSlot(input: { link: string; ref?: string; start_time: string }) {
  return dataOf(api.POST('/api/testagenda/bookings', { body: input }));
}

/** POST /api/intake-sessions: the booking the browser saw; an existing event answers the same session. */
export function createIntakeSession(input: CreateIntakeSessionInput) {
  return dataOf(api.POST('/api/intake-sessions', { body: input }), {
    fallbackMessage: MESSAGES.bookingSaveFailed,
  });
}

export const staffIntakeSessionsQueryOptions = (status?: IntakeStatus) =>
  queryOptions({
    queryKey: ['intake-sessions', 'staff', status ?? 'all'] as const,
    queryFn: async ({ signal }) =>
      (
        await dataOf(api.GET('/api/intake-sessions', { params: { query: { status } }, signal }), {
          fallbackMessage: MESSAGES.intakeDetailsFailed,
        })
      ).sessions,
  });

export function useCompleteIntake() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, matchmaker_notes }: { id: string; matchmaker_notes: string }) =>
      dataOf(
        api.POST('/api/intake-sessions/{id}/complete', {
          params: { path: { id } },
          body: { matchmaker_notes },
        }),
      ),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['intake-sessions'] }),
        queryClient.invalidateQueries({ queryKey: workspaceDashboardQueryKey }),
      ]),
  });
}

/** After a booking the client may have a matchmaker now: the session list and the profile. */
export function refreshAfterBooking(queryClient: ReturnType<typeof useQueryClient>) {
  void queryClient.invalidateQueries({ queryKey: myIntakeSessionsQueryKey });
  void queryClient.invalidateQueries({ queryKey: meQueryKey });
}

/** Issue 26: whether the client's own booking may still change, and where it may move to. */
export const moveSlotsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['intake-sessions', 'move-slots', id] as const,
    queryFn: ({ signal }) =>
      dataOf(api.GET('/api/intake-sessions/{id}/slots', { params: { path: { id } }, signal })),
  });

/** Issue 26: the client moves (`scheduled_at`) or cancels (`status`) their own booking. */
export function useChangeBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: string; scheduled_at?: string; status?: 'cancelled' }) =>
      dataOf(api.PATCH('/api/intake-sessions/{id}', { params: { path: { id } }, body })),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['intake-sessions'] });
      void queryClient.invalidateQueries({ queryKey: ['testagenda'] });
      void queryClient.invalidateQueries({ queryKey: workspaceDashboardQueryKey });
    },
  });
}

/** Issue 30 (decision 034): bookings no client is attached to yet, for staff. */
export const unassignedBookingsQueryOptions = queryOptions({
  queryKey: ['unassigned-bookings'] as const,
  queryFn: async ({ signal }) => (await dataOf(api.GET('/api/unassigned-bookings', { signal }))).bookings,
});

export function useAttachUnassignedBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, client_id }: { id: string; client_id: string }) =>
      dataOf(
        api.POST('/api/unassigned-bookings/{id}/attach', { params: { path: { id } }, body: { client_id } }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['unassigned-bookings'] }),
  });
}
