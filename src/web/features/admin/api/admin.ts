import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AdminClient,
  AdminFeedbackQuery,
  MatchmakerProfileInput,
  StaffInvitationInput,
  StaffMember,
} from '../../../../shared/admin';
import { api, dataOf, formData } from '../../../lib/api';

const keys = {
  staff: ['admin', 'staff'] as const,
  toReassign: ['admin', 'clients-to-reassign'] as const,
  member: (id: string) => ['admin', 'staff', id] as const,
  client: (id: string) => ['admin', 'clients', id] as const,
  feedback: (query: AdminFeedbackQuery) => ['admin', 'feedback', query] as const,
  stats: ['admin', 'stats'] as const,
  own: ['me', 'matchmaker-profile'] as const,
};

/** GET /api/admin/staff */
export const staffQueryOptions = queryOptions({
  queryKey: keys.staff,
  queryFn: async ({ signal }) => (await dataOf(api.GET('/api/admin/staff', { signal }))).staff,
});

/** GET /api/admin/clients-to-reassign: the clients of every deactivated matchmaker (issue 26). */
export const clientsToReassignQueryOptions = queryOptions({
  queryKey: keys.toReassign,
  queryFn: async ({ signal }) =>
    (await dataOf(api.GET('/api/admin/clients-to-reassign', { signal }))).matchmakers,
});

/** GET /api/admin/staff/{id}: the matchmaker and their clients. */
export const staffMemberQueryOptions = (id: string) =>
  queryOptions({
    queryKey: keys.member(id),
    queryFn: ({ signal }) => dataOf(api.GET('/api/admin/staff/{id}', { params: { path: { id } }, signal })),
  });

/** POST /api/admin/staff */
export function useInviteMatchmaker() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: StaffInvitationInput) =>
      (await dataOf(api.POST('/api/admin/staff', { body: input }))).member,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.staff }),
  });
}

/**
 * Saving a matchmaker's public profile and photo: `id` for the admin (any matchmaker), none for a
 * matchmaker's own (`/api/me/matchmaker-profile`).
 */
export function useSaveMatchmakerProfile(id?: string) {
  const queryClient = useQueryClient();
  const refresh = (member: StaffMember) => {
    if (!id) queryClient.setQueryData(keys.own, member);
    void queryClient.invalidateQueries({ queryKey: ['admin'] });
    void queryClient.invalidateQueries({ queryKey: ['matchmakers'] });
  };
  const save = useMutation({
    mutationFn: async (body: MatchmakerProfileInput) =>
      (
        await dataOf(
          id
            ? api.PUT('/api/admin/staff/{id}', { params: { path: { id } }, body })
            : api.PUT('/api/me/matchmaker-profile', { body }),
        )
      ).member,
    onSuccess: refresh,
  });
  const upload = useMutation({
    mutationFn: async (photo: File) =>
      (
        await dataOf(
          id
            ? api.POST('/api/admin/staff/{id}/photo', {
                params: { path: { id } },
                body: { photo },
                bodySerializer: formData,
              })
            : api.POST('/api/me/matchmaker-profile/photo', { body: { photo }, bodySerializer: formData }),
        )
      ).member,
    onSuccess: refresh,
  });
  return { save, upload };
}

/** GET /api/me/matchmaker-profile: a matchmaker's own public profile. */
export const ownMatchmakerProfileQueryOptions = queryOptions({
  queryKey: keys.own,
  queryFn: async ({ signal }) => (await dataOf(api.GET('/api/me/matchmaker-profile', { signal }))).member,
});

/** GET /api/clients?q=: every client by name (the admin sees all, with e-mail). */
export const clientSearchQueryOptions = (q: string) =>
  queryOptions({
    queryKey: ['admin', 'client-search', q] as const,
    queryFn: async ({ signal }) =>
      (await dataOf(api.GET('/api/clients', { params: { query: { q } }, signal }))).clients,
    enabled: q.trim().length >= 2,
  });

/** GET /api/admin/clients/{id} */
export const adminClientQueryOptions = (id: string) =>
  queryOptions({
    queryKey: keys.client(id),
    queryFn: async ({ signal }) =>
      (await dataOf(api.GET('/api/admin/clients/{id}', { params: { path: { id } }, signal }))).client,
  });

/** PUT /api/admin/clients/{id}/matchmaker and /pause: the answer replaces the cached client. */
export function useClientActions(id: string) {
  const queryClient = useQueryClient();
  const path = { id };
  const onSuccess = (client: AdminClient) => {
    queryClient.setQueryData(keys.client(id), client);
    void queryClient.invalidateQueries({ queryKey: keys.staff });
    void queryClient.invalidateQueries({ queryKey: keys.toReassign });
  };
  const reassign = useMutation({
    mutationFn: async (matchmaker_id: string | null) =>
      (
        await dataOf(
          api.PUT('/api/admin/clients/{id}/matchmaker', { params: { path }, body: { matchmaker_id } }),
        )
      ).client,
    onSuccess,
  });
  const pause = useMutation({
    mutationFn: async (paused: boolean) =>
      (await dataOf(api.PUT('/api/admin/clients/{id}/pause', { params: { path }, body: { paused } }))).client,
    onSuccess,
  });
  return { reassign, pause };
}

/** The query string of the feedback filters (empty ones left out), for the CSV link. */
export function feedbackSearch(query: AdminFeedbackQuery): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) params.set(key, value);
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** GET /api/admin/feedback */
export const adminFeedbackQueryOptions = (query: AdminFeedbackQuery) =>
  queryOptions({
    queryKey: keys.feedback(query),
    queryFn: async ({ signal }) =>
      (await dataOf(api.GET('/api/admin/feedback', { params: { query }, signal }))).feedback,
  });

/** GET /api/admin/stats */
export const agencyStatsQueryOptions = queryOptions({
  queryKey: keys.stats,
  queryFn: ({ signal }) => dataOf(api.GET('/api/admin/stats', { signal })),
});
