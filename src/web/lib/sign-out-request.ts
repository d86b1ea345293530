import { apiFetch } from './api';

/** Signs out on the server; any answer, including a failure, counts as signed out (spec section 7). */
export async function signOutRequest(): Promise<void> {
  try {
    await apiFetch('/api/auth/sign-out', { method: 'POST', json: {} });
  } catch {
    // The local session is cleared regardless.
  }
}
