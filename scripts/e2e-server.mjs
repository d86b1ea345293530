// A server the end-to-end tests run against: the production build, on a fresh PGlite directory.
// With the demo data on E2E_PORT (playwright.config.ts passes a free port; 3100 when started by
// hand); E2E_DATA_DIR and E2E_SEED_DEMO (true/false) make another one, e.g. an empty Koppel without
// matchmakers. Other settings (STAFF_2FA) pass through from the environment.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';

const port = process.env.E2E_PORT ?? '3100';
const dir = process.env.E2E_DATA_DIR ?? './data/e2e';
const seedDemo = process.env.E2E_SEED_DEMO ?? 'true';
rmSync(dir, { recursive: true, force: true });
rmSync(`${dir}/pglite.lock`, { force: true });
const child = spawn(process.execPath, ['dist/server/main.js'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    NODE_ENV: 'production',
    PORT: port,
    APP_URL: `http://localhost:${port}`,
    PGLITE_DIR: `${dir}/pglite`,
    UPLOAD_DIR: `${dir}/uploads`,
    SEED_DEMO: seedDemo,
    LOG_LEVEL: 'warn',
    // Every test signs in from 127.0.0.1; the limits themselves are covered by the API tests.
    AUTH_RATE_LIMIT_SCALE: '10',
    DATABASE_URL: '',
    SMTP_URL: '',
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
