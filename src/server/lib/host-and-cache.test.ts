import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../shared/messages';
import { createApp } from '../app';
import { createClient } from '../db/factories';
import { expectRefused } from '../test/expect-refused';
import { createTestApp, type TestApp, testEnv } from '../test/test-app';
import { createLogger } from './logger';
import { hostName } from './loopback-host';

let t: TestApp;
let cookie: string;
/** The same database behind a deployment's app (APP_URL not on loopback). */
let deployed: ReturnType<typeof createApp>['app'];

beforeAll(async () => {
  t = await createTestApp();
  const client = await createClient(t.db, { full_name: 'Emma Claes' });
  cookie = await t.login(client.email);
  deployed = createApp({
    database: t.database,
    env: testEnv({
      APP_URL: 'https://koppel.example',
      SMTP_URL: 'smtp://127.0.0.1:2525',
      SELLER_NAME: 'Koppel BV',
      SELLER_ADDRESS: 'Kouter 1, 9000 Gent',
      SELLER_VAT_NUMBER: 'BE0123.456.789',
      PAYMENTS: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
      CALENDLY_WEBHOOK_SIGNING_KEY: 'calendly-key',
    }),
    logger: createLogger('silent'),
    rateLimit: false,
  }).app;
});
afterAll(async () => {
  await t?.close();
});

describe('a local install', () => {
  it('answers requests addressed to a loopback name, with any port', async () => {
    for (const host of ['localhost', 'localhost:3000', '127.0.0.1:3100', '[::1]:3000', 'LOCALHOST.']) {
      const response = await t.request('/api/health', { headers: { host } });
      expect(response.status, host).toBe(200);
    }
  });

  it('refuses any other Host with 421 { error, code }: no DNS rebinding into the dev mailbox', async () => {
    for (const [path, host] of [
      ['/dev/mailbox.json', 'aanvaller.example'],
      ['/dev/mailbox', 'localhost.aanvaller.example:3000'],
      ['/api/health', 'koppel.example'],
      ['/api/demo-checkout/x', '192.168.1.5:3000'],
      ['/', '127.0.0.1.nip.io'],
    ]) {
      const response = await t.request(path!, { headers: { host: host! } });
      expect(response.status, `${host}${path}`).toBe(421);
      expect(await response.json()).toEqual({ error: MESSAGES.localHostOnly, code: 'MISDIRECTED_REQUEST' });
    }
  });

  it('reads the name of a Host header without its port', () => {
    expect(hostName('localhost:3000')).toBe('localhost');
    expect(hostName('[::1]:8080')).toBe('[::1]');
    expect(hostName('Koppel.Example.')).toBe('koppel.example');
  });
});

describe('a deployment', () => {
  it('answers its own host name', async () => {
    const response = await deployed.request('/api/health', { headers: { host: 'koppel.example' } });
    expect(response.status).toBe(200);
  });
});

describe('Cache-Control', () => {
  it('is no-store on every API answer that depends on the session, errors and better-auth included', async () => {
    for (const [path, withCookie] of [
      ['/api/me', true],
      ['/api/me', false],
      ['/api/auth/get-session', true],
      ['/api/auth/get-session', false],
      ['/api/me/proposed-matches', true],
      ['/api/onbekend', true],
      ['/dev/mailbox.json', false],
    ] as const) {
      const response = await t.request(path, withCookie ? { cookie } : {});
      expect(response.headers.get('cache-control'), `${path} ${withCookie}`).toBe('no-store');
    }
    const signIn = await t.request('/api/auth/sign-in/email', {
      json: { email: 'niemand@example.be', password: 'fout-wachtwoord' },
    });
    await expectRefused(signIn, 401, 'INVALID_EMAIL_OR_PASSWORD', MESSAGES.loginFailed);
    expect(signIn.headers.get('cache-control')).toBe('no-store');
  });

  it('leaves the caching of public answers alone', async () => {
    const listing = await t.request('/api/matchmakers');
    expect(listing.headers.get('cache-control')).toBe('public, max-age=60');
    const asset = await t.request('/api/docs/swagger-ui.css');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=86400');
  });
});
