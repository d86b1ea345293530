import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig, loadEnv } from './env';

const saved = { ...process.env };
afterEach(() => {
  for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
  Object.assign(process.env, saved);
});

describe('loadConfig (the server, db:migrate and db:seed)', () => {
  it('reads DATABASE_URL from .env, and a real environment variable wins over the file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'koppel-env-'));
    const file = join(dir, '.env');
    writeFileSync(file, 'DATABASE_URL=postgres://uit-env@127.0.0.1/koppel\nPORT=3456\n');
    delete process.env.DATABASE_URL;
    process.env.PORT = '3999';
    process.env.PGLITE_DIR = join(dir, 'pglite');
    const env = loadConfig(file);
    expect(env.DATABASE_URL).toBe('postgres://uit-env@127.0.0.1/koppel');
    expect(env.PORT).toBe(3999);
  });
});

describe('DEV_NOW (issue 26): the clock and demo seed moment of a local install', () => {
  it('is read on a local install, refused by a deployment, and must carry an offset', () => {
    const local = { AUTH_SECRET: 'x'.repeat(32), DEV_NOW: '2026-11-23T03:00:00+01:00' };
    expect(loadEnv(local).DEV_NOW).toBe('2026-11-23T03:00:00+01:00');
    expect(() => loadEnv({ ...local, DEV_NOW: '2026-11-23 03:00' })).toThrow(/DEV_NOW/);
    const deployed = {
      ...local,
      APP_URL: 'https://koppel.example',
      SMTP_URL: 'smtp://127.0.0.1:2525',
      SELLER_NAME: 'Koppel BV',
      SELLER_ADDRESS: 'Kouter 1, 9000 Gent',
      SELLER_VAT_NUMBER: 'BE0123.456.789',
      PAYMENTS: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
    };
    expect(() => loadEnv(deployed)).toThrow(/no DEV_NOW \(a moved clock is for local installs only\)/);
  });
});

describe('the seller on invoices (issue 29, decision 031)', () => {
  const deployed = {
    AUTH_SECRET: 'x'.repeat(32),
    APP_URL: 'https://koppel.example',
    SMTP_URL: 'smtp://127.0.0.1:2525',
    PAYMENTS: 'stripe',
    STRIPE_SECRET_KEY: 'sk_test_x',
    STRIPE_WEBHOOK_SECRET: 'whsec_x',
    S3_ENDPOINT: 'https://s3.example',
    S3_BUCKET: 'b',
    S3_ACCESS_KEY_ID: 'k',
    S3_SECRET_ACCESS_KEY: 's',
    CALENDLY_WEBHOOK_SIGNING_KEY: 'c',
  };
  it('is refused at start on a deployment without its name, address and VAT number', () => {
    expect(() => loadEnv(deployed)).toThrow(/SELLER_NAME, SELLER_ADDRESS, SELLER_VAT_NUMBER/);
    const env = loadEnv({
      ...deployed,
      SELLER_NAME: 'Koppel BV',
      SELLER_ADDRESS: 'Kouter 1\\n9000 Gent',
      SELLER_VAT_NUMBER: 'BE0123.456.789',
    });
    expect(env.seller).toEqual({
      name: 'Koppel BV',
      address: 'Kouter 1\n9000 Gent',
      vatNumber: 'BE0123.456.789',
    });
  });
  it('is the demo agency on a local install', () => {
    const env = loadEnv({ AUTH_SECRET: 'x'.repeat(32) });
    expect(env.seller.name).toBe('Koppel Matchmaking');
    expect(env.seller.vatNumber).toBe('BE0000.000.097');
  });
});
