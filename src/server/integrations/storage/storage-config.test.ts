import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createStorage } from '../../context';
import { loadEnv } from '../../env';

const SECRET = 'x'.repeat(40);
const DEPLOYED = {
  APP_URL: 'https://koppel.example',
  AUTH_SECRET: SECRET,
  SMTP_URL: 'smtp://127.0.0.1:2525',
  SELLER_NAME: 'Koppel BV',
  SELLER_ADDRESS: 'Kouter 1, 9000 Gent',
  SELLER_VAT_NUMBER: 'BE0123.456.789',
  PAYMENTS: 'stripe',
  STRIPE_SECRET_KEY: 'sk_test_x',
  STRIPE_WEBHOOK_SECRET: 'whsec_x',
  CALENDLY_WEBHOOK_SIGNING_KEY: 'calendly-key',
};
const S3 = {
  S3_ENDPOINT: 'https://s3.example',
  S3_BUCKET: 'koppel',
  S3_ACCESS_KEY_ID: 'id',
  S3_SECRET_ACCESS_KEY: 'geheim',
};

describe('where photos are stored (STORAGE, UPLOAD_DIR, S3_*)', () => {
  it('a local install uses ./data/uploads by default', () => {
    const env = loadEnv({ AUTH_SECRET: SECRET });
    expect(env.STORAGE).toBe('local');
    expect(env.UPLOAD_DIR).toBe(resolve('./data/uploads'));
    expect(createStorage(env).kind).toBe('local');
  });

  it('a deployment refuses to start without S3 settings or a chosen UPLOAD_DIR', () => {
    expect(() => loadEnv(DEPLOYED)).toThrow(/S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY/);
    expect(() => loadEnv({ ...DEPLOYED, STORAGE: 'local' })).toThrow(/UPLOAD_DIR on a persistent volume/);
    expect(() => loadEnv({ ...DEPLOYED, STORAGE: 's3', S3_BUCKET: 'koppel' })).toThrow(/S3_ENDPOINT/);
  });

  it('a deployment stores in the bucket when configured, or on a volume it named', () => {
    const s3 = loadEnv({ ...DEPLOYED, ...S3 });
    expect(s3.STORAGE).toBe('s3');
    expect(createStorage(s3).kind).toBe('s3');
    const volume = loadEnv({ ...DEPLOYED, UPLOAD_DIR: '/srv/koppel/uploads' });
    expect(volume.STORAGE).toBe('local');
    expect(volume.UPLOAD_DIR).toBe('/srv/koppel/uploads');
  });
});
