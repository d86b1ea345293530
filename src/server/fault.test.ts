import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { type AddressInfo, connect, createServer, type Server, type Socket } from 'node:net';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from './test/free-port';
import { adminQuery, createEmptyPgDatabase, onPostgres } from './test/fresh-pg';

/**
 * The real server process (`src/server/main.ts`, with its pool and pg-boss's) on a fresh PostgreSQL
 * database, under continuous writes and reads, while PostgreSQL ends every connection, refuses
 * connections, and stops answering altogether.
 */

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A TCP hop between the server and PostgreSQL that can go silent: while paused, connections open
 * but nothing passes in either direction (a network partition or a frozen host); on resume, what
 * was held goes through.
 */
async function startProxy(target: { host: string; port: number }) {
  let paused = false;
  const held: [Socket, Buffer][] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = connect(target.port, target.host);
    for (const [from, to] of [
      [client, upstream],
      [upstream, client],
    ] as const) {
      sockets.add(from);
      from.on('data', (chunk) => (paused ? held.push([to, chunk]) : to.write(chunk)));
      from.on('error', () => {});
      from.on('close', () => {
        sockets.delete(from);
        to.destroy();
      });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    pause() {
      paused = true;
    },
    resume() {
      paused = false;
      for (const [to, chunk] of held.splice(0)) if (!to.destroyed) to.write(chunk);
    },
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}

function startServer(port: number, databaseUrl: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      AUTH_SECRET: randomBytes(32).toString('hex'),
      AUTH_RATE_LIMIT_SCALE: '100',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'info',
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
  return { child, output: () => output };
}

const terminateAll = async (name: string) =>
  (await adminQuery('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [name]))
    .length;

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
});

describe.skipIf(!onPostgres)(
  'the server when PostgreSQL goes away (PGlite: skipped, it has no connections to kill)',
  () => {
    it('stays up, answers health 503 fast while down and 200 within a second after, and loses no acknowledged write', async () => {
      const fresh = await createEmptyPgDatabase();
      cleanups.push(fresh.drop);
      const proxy = await startProxy({
        host: fresh.server.hostname,
        port: Number(fresh.server.port || 5432),
      });
      cleanups.push(proxy.close);
      const viaProxy = new URL(fresh.url);
      viaProxy.hostname = '127.0.0.1';
      viaProxy.port = String(proxy.port);

      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      const origin = `http://localhost:${port}`;
      const server = startServer(port, viaProxy.toString());
      let exitCode: string | null = null;
      server.child.on('exit', (code, signal) => {
        exitCode = `${code ?? signal}`;
      });
      cleanups.push(() => stopServer(server.child));

      const health = async () => {
        const started = performance.now();
        const response = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(10_000) });
        return { status: response.status, body: await response.json(), ms: performance.now() - started };
      };
      /** Polls health until it answers `status`; the time it took, or null after `limitMs`. */
      const untilHealth = async (status: number, limitMs: number) => {
        const started = performance.now();
        while (performance.now() - started < limitMs) {
          const answer = await health().catch(() => null);
          if (answer?.status === status) return { ...answer, after: performance.now() - started };
          await sleep(20);
        }
        return null;
      };

      expect(await untilHealth(200, 60_000), server.output()).not.toBeNull();

      // Continuous load: sign-ups (writes) and the matchmaker list (reads).
      const stats = { sent: 0, writes: 0, reads: 0, ok: 0, failed: 0, hung: 0 };
      const acknowledged: string[] = [];
      let running = true;
      const request = async (path: string, init: RequestInit = {}) => {
        stats.sent++;
        try {
          const response = await fetch(`${base}${path}`, { ...init, signal: AbortSignal.timeout(15_000) });
          await response.arrayBuffer();
          if (response.ok) stats.ok++;
          else stats.failed++;
          return response.ok;
        } catch (error) {
          if ((error as Error).name === 'TimeoutError') stats.hung++;
          else stats.failed++;
          return false;
        }
      };
      let next = 0;
      const writer = async () => {
        while (running) {
          const email = `fault-${next++}-${randomBytes(3).toString('hex')}@koppel.example`;
          stats.writes++;
          const ok = await request('/api/auth/sign-up/email', {
            method: 'POST',
            headers: { 'content-type': 'application/json', origin },
            body: JSON.stringify({
              name: 'Storing Test',
              email,
              password: `Fout-${randomBytes(8).toString('hex')}`,
            }),
          });
          if (ok) acknowledged.push(email);
        }
      };
      const reader = async () => {
        while (running) {
          stats.reads++;
          await request('/api/matchmakers');
          await sleep(10);
        }
      };
      const load = Promise.all([writer(), writer(), writer(), reader(), reader()]);
      for (let waited = 0; acknowledged.length < 3 && waited < 30_000; waited += 100) await sleep(100);

      // PostgreSQL ends every connection of the database, three times, with requests in flight.
      const terminated: number[] = [];
      for (let round = 0; round < 3; round++) {
        terminated.push(await terminateAll(fresh.name));
        await sleep(1_500);
      }
      const acknowledgedBeforeOutage = acknowledged.length;

      // Down: PostgreSQL refuses the database's connections.
      await adminQuery(`alter database ${fresh.name} allow_connections false`);
      await terminateAll(fresh.name);
      const down = await untilHealth(503, 5_000);
      const downAnswers = [];
      for (let i = 0; i < 5; i++) downAnswers.push(await health());
      await adminQuery(`alter database ${fresh.name} allow_connections true`);
      const upAfterRefusal = await untilHealth(200, 5_000);

      // Silent: the network between the server and PostgreSQL stops passing anything.
      proxy.pause();
      const silent = await untilHealth(503, 5_000);
      const silentAnswers = [];
      for (let i = 0; i < 3; i++) silentAnswers.push(await health());
      proxy.resume();
      const upAfterSilence = await untilHealth(200, 5_000);

      await sleep(1_000);
      running = false;
      await load;

      const stored = new Set<string>();
      const check = new pg.Client({ connectionString: fresh.url });
      await check.connect();
      const users = await check.query<{ email: string }>('select email from "user" where email = any($1)', [
        acknowledged,
      ]);
      for (const row of users.rows) stored.add(row.email);
      const mails = await check.query<{ n: string }>(
        `select count(distinct to_address) n from email_outbox where template = 'confirm-email' and to_address = any($1)`,
        [acknowledged],
      );
      await check.end();
      const lost = acknowledged.filter((email) => !stored.has(email));

      const report = {
        requests_sent: stats.sent,
        writes_sent: stats.writes,
        reads_sent: stats.reads,
        answered_2xx: stats.ok,
        answered_error: stats.failed,
        hung: stats.hung,
        acknowledged_writes: acknowledged.length,
        acknowledged_before_outage: acknowledgedBeforeOutage,
        lost: lost.length,
        confirmation_mails_for_acknowledged: Number(mails.rows[0]!.n),
        terminated_backends: terminated,
        refused_503_after_ms: Math.round(down?.after ?? -1),
        refused_503_max_answer_ms: Math.round(Math.max(...downAnswers.map((a) => a.ms))),
        recovery_after_refusal_ms: Math.round(upAfterRefusal?.after ?? -1),
        silent_503_after_ms: Math.round(silent?.after ?? -1),
        silent_503_max_answer_ms: Math.round(Math.max(...silentAnswers.map((a) => a.ms))),
        recovery_after_silence_ms: Math.round(upAfterSilence?.after ?? -1),
      };
      console.info(`fault test: ${JSON.stringify(report)}`);

      // The process stayed up and serves.
      expect(exitCode, server.output().slice(-4_000)).toBeNull();
      expect((await health()).status).toBe(200);
      expect(terminated.every((n) => n > 0)).toBe(true);

      // While PostgreSQL refused connections: 503 { error, code }, answered quickly.
      expect(down).not.toBeNull();
      for (const answer of [down!, ...downAnswers]) {
        expect(answer.status).toBe(503);
        expect(answer.body).toEqual({ error: expect.any(String), code: 'UNAVAILABLE' });
        expect(answer.ms).toBeLessThan(3_000);
      }
      expect(upAfterRefusal?.after).toBeLessThan(1_000);

      // While PostgreSQL did not answer at all: still 503 within the health timeout.
      expect(silent).not.toBeNull();
      for (const answer of [silent!, ...silentAnswers]) {
        expect(answer.status).toBe(503);
        expect(answer.ms).toBeLessThan(3_000);
      }
      expect(upAfterSilence?.after).toBeLessThan(1_000);

      // Every sign-up that was answered 2xx is in the database; nothing hung.
      expect(acknowledgedBeforeOutage).toBeGreaterThan(0);
      expect(acknowledged.length).toBeGreaterThan(acknowledgedBeforeOutage);
      expect(lost).toEqual([]);
      expect(stats.hung).toBe(0);

      // Lost connections are logged with their SQL state; no address of ours reaches the log.
      expect(server.output()).toMatch(/"sql_state":"57P01"[^\n]*"msg":"database connection lost"/);
      expect(server.output()).not.toContain('@koppel.example');
    }, 180_000);
  },
);

async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.on('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}
