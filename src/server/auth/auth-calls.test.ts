import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../db/factories';
import { createTestApp, type TestApp } from '../test/test-app';
import { authStoragesEnabled, duringAuthCall } from './auth-calls';

// Decision 056: better-auth's AsyncLocalStorages (and ours) are enabled only while a call of
// better-auth runs; an enabled storage costs every promise of every request.
describe('the storages of auth calls', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('are disabled after sign-ins through the route and session reads through the api, also at once', async () => {
    const clients = await Promise.all([1, 2, 3, 4].map(() => createClient(t.db)));
    const cookies = await Promise.all(clients.map((client) => t.login(client.email)));
    expect(authStoragesEnabled()).toBe(false);

    // Each read in the same moment gets its own session: no call saw another's state.
    const sessions = await Promise.all(
      cookies.map((cookie) => t.auth.api.getSession({ headers: new Headers({ cookie }) })),
    );
    expect(sessions.map((session) => session?.user.email)).toEqual(clients.map((client) => client.email));
    expect(authStoragesEnabled()).toBe(false);
  });

  it('stay enabled while another call is still under way', async () => {
    const client = await createClient(t.db);
    const cookie = await t.login(client.email);
    const email = await duringAuthCall(async () => {
      const session = await t.auth.api.getSession({ headers: new Headers({ cookie }) });
      // The inner call ended, the outer one runs on: its state must not be taken away.
      expect(authStoragesEnabled()).toBe(true);
      return session?.user.email;
    });
    expect(email).toBe(client.email);
    expect(authStoragesEnabled()).toBe(false);
  });

  it('are disabled after a call that fails', async () => {
    const response = await t.request('/api/auth/sign-in/email', {
      json: { email: 'niemand@koppel.example', password: 'verkeerd-wachtwoord-1' },
    });
    expect(response.status).toBe(401);
    expect(authStoragesEnabled()).toBe(false);
  });
});
