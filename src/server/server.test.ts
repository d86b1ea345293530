import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from './test/free-port';

/** The real server process, as `npm start` runs it, on its own data directory and port. */
function startServer(dataDir: string, port: number) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      PGLITE_DIR: join(dataDir, 'pglite'),
      SEED_DEMO: 'false',
      LOG_LEVEL: 'silent',
      DATABASE_URL: '',
      SMTP_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => {
    output += d;
  });
  child.stderr!.on('data', (d) => {
    output += d;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

/** Until the server answers its health check; a server that exits first fails the test. */
async function waitForHealth(port: number, child: ChildProcess) {
  // No deadline of its own: on a busy machine a start may take long, and the test's timeout says
  // how long is too long.
  while (child.exitCode === null) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server exited with ${child.exitCode} before it was healthy`);
}

const dataDir = mkdtempSync(join(tmpdir(), 'koppel-lock-'));
const servers: ChildProcess[] = [];
afterAll(() => {
  for (const s of servers) s.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the embedded database', () => {
  it('refuses a second server on the same PGLITE_DIR while the first keeps serving; SIGTERM stops cleanly', async () => {
    const [firstPort, secondPort, thirdPort] = [await freePort(), await freePort(), await freePort()];
    const first = startServer(dataDir, firstPort);
    servers.push(first.child);
    await waitForHealth(firstPort, first.child);

    const second = startServer(dataDir, secondPort);
    servers.push(second.child);
    const code = await second.exited;
    expect(code).toBe(1);
    expect(second.output()).toContain('al in gebruik door een andere Koppel-server');

    const health = await fetch(`http://127.0.0.1:${firstPort}/api/health`);
    expect(health.status).toBe(200);

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);

    // With the first one gone, the lock is free again and the data survived.
    const third = startServer(dataDir, thirdPort);
    servers.push(third.child);
    await waitForHealth(thirdPort, third.child);
    // A request still arriving when SIGTERM comes keeps its connection busy: the server gives it
    // its drain time, then closes it and exits 0 (it used to wait out the 65 s keep-alive and be
    // killed by its own limit with 1).
    const arriving = connect(thirdPort, '127.0.0.1');
    await once(arriving, 'connect');
    arriving.on('error', () => {});
    arriving.write(`GET /api/health HTTP/1.1\r\nHost: 127.0.0.1:${thirdPort}\r\n`);
    const arrivingClosed = once(arriving, 'close');
    third.child.kill('SIGTERM');
    expect(await third.exited).toBe(0);
    await arrivingClosed;
    expect(third.output()).not.toContain('shutdown did not finish in time');
  }, 240_000);
});
