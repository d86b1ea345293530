import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeleteAccountInput, UpdateAccountSettingsInput } from '../../../../shared/account-settings';
import { ROUTES } from '../../../../shared/routes';
import { api, dataOf } from '../../../lib/api';
import { authPost } from '../../../lib/auth-api';

const settingsQueryKey = ['me', 'settings'] as const;

/** GET /api/me/settings */
export const accountSettingsQueryOptions = queryOptions({
  queryKey: settingsQueryKey,
  queryFn: async ({ signal }) => (await dataOf(api.GET('/api/me/settings', { signal }))).settings,
});

/**
 * PATCH /api/me/settings: the answer replaces the cached settings. (The e-mail boxes show their new
 * state at once from the section's own state while the request is under way.)
 */
export function useUpdateAccountSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: UpdateAccountSettingsInput) =>
      (await dataOf(api.PATCH('/api/me/settings', { body: input }))).settings,
    onSuccess: (settings) => queryClient.setQueryData(settingsQueryKey, settings),
  });
}

/** GET /api/me/export, saved by the browser as a JSON file. */
export async function downloadMyData(): Promise<void> {
  const data = await dataOf(api.GET('/api/me/export'));
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `koppel-mijn-gegevens-${data.gemaakt_op.slice(0, 10)}.json`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * DELETE /api/me: afterwards nobody is signed in. The page reloads on the login page, so nothing
 * of the account stays in memory.
 */
export function useDeleteAccount() {
  return useMutation({
    mutationFn: (input: DeleteAccountInput) => dataOf(api.DELETE('/api/me', { body: input })),
    onSuccess: () => window.location.assign(`${ROUTES.login}?verwijderd=1`),
  });
}

/** POST /api/auth/change-password (better-auth): other sessions end, this one gets a new cookie. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (input: { currentPassword: string; newPassword: string }) =>
      authPost('/change-password', input),
  });
}
