import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CONVERSATION_POLL_MS, UNREAD_POLL_MS } from '../../../../shared/conversation-polling';
import { api, dataOf } from '../../../lib/api';

/**
 * Issue 32 (decision 036): an open conversation asks for new messages every few seconds through
 * the query cache (`refetchInterval`, paused while the tab is hidden); the badges less often.
 * Every key starts with `conversations`, so a sent message refreshes the lot.
 */
const conversationsKey = ['conversations'] as const;

export const myConversationQueryOptions = queryOptions({
  queryKey: [...conversationsKey, 'mine'],
  queryFn: async ({ signal }) => (await dataOf(api.GET('/api/me/conversation', { signal }))).conversation,
  refetchInterval: CONVERSATION_POLL_MS,
});

/** A client's conversation in their file. An admin's reading is recorded: it never polls. */
export function clientConversationQueryOptions(clientId: string, { poll }: { poll: boolean }) {
  return queryOptions({
    queryKey: [...conversationsKey, 'client', clientId],
    queryFn: async ({ signal }) =>
      (
        await dataOf(
          api.GET('/api/matchmaker/clients/{clientId}/conversation', {
            params: { path: { clientId } },
            signal,
          }),
        )
      ).conversation,
    refetchInterval: poll ? CONVERSATION_POLL_MS : false,
    refetchOnWindowFocus: poll,
    staleTime: poll ? 0 : Number.POSITIVE_INFINITY,
  });
}

export const inboxQueryOptions = queryOptions({
  queryKey: [...conversationsKey, 'inbox'],
  queryFn: ({ signal }) => dataOf(api.GET('/api/matchmaker/conversations', { signal })),
  refetchInterval: UNREAD_POLL_MS / 3,
});

export function debriefsQueryOptions(clientId: string) {
  return queryOptions({
    queryKey: [...conversationsKey, 'debriefs', clientId],
    queryFn: async ({ signal }) =>
      (
        await dataOf(
          api.GET('/api/matchmaker/clients/{clientId}/debriefs', { params: { path: { clientId } }, signal }),
        )
      ).debriefs,
  });
}

/** The client's unread messages (the navigation's badge). */
export const myUnreadQueryOptions = queryOptions({
  queryKey: [...conversationsKey, 'unread', 'mine'],
  queryFn: ({ signal }) => dataOf(api.GET('/api/me/conversation/unread', { signal })),
  refetchInterval: UNREAD_POLL_MS,
});

export function useMyUnreadCount(): number {
  const { data } = useQuery(myUnreadQueryOptions);
  return data?.unread ?? 0;
}

/** A matchmaker's unread messages and the clients waiting for an answer (navigation, dashboard). */
export const staffUnreadQueryOptions = queryOptions({
  queryKey: [...conversationsKey, 'unread', 'staff'],
  queryFn: ({ signal }) => dataOf(api.GET('/api/matchmaker/conversations/unread', { signal })),
  refetchInterval: UNREAD_POLL_MS,
});

export function useStaffUnread() {
  const { data } = useQuery(staffUnreadQueryOptions);
  return data ?? { unread: 0, waiting: 0 };
}

function useInvalidateConversations() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: conversationsKey });
}

export function useSendMyMessage() {
  const invalidate = useInvalidateConversations();
  return useMutation({
    mutationFn: async (body: string) =>
      (await dataOf(api.POST('/api/me/conversation/messages', { body: { body } }))).message,
    onSuccess: invalidate,
  });
}

export function useSendClientMessage(clientId: string) {
  const invalidate = useInvalidateConversations();
  return useMutation({
    mutationFn: async (body: string) =>
      (
        await dataOf(
          api.POST('/api/matchmaker/clients/{clientId}/conversation/messages', {
            params: { path: { clientId } },
            body: { body },
          }),
        )
      ).message,
    onSuccess: invalidate,
  });
}
