// The server the end-to-end tests run against: the production build, on a fresh PGlite directory
// with the demo data, on port 3100.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';

const dir = './data/e2e';
rmSync(dir, { recursive: true, force: true });
rmSync(`${dir}/pglite.lock`, { force: true });
const child = spawn(process.execPath, ['dist/server/main.js'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    NODE_ENV: 'production',
    PORT: '3100',
    APP_URL: 'http://localhost:3100',
    PGLITE_DIR: `${dir}/pglite`,
    SEED_DEMO: 'true',
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
    SMTP_URL: '',
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
