import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from './env';

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
