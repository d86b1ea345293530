import { authPost } from './auth-api';

/** Signs out on the server; any answer, including a failure, counts as signed out (spec section 7). */
export async function signOutRequest(): Promise<void> {
  try {
    await authPost('/sign-out', {});
  } catch {
    // The local session is cleared regardless.
  }
}
