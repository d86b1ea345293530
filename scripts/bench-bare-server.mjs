// The bare limit of `npm run bench:load` (issue 31): `node:http` and a `pg` pool of the app's size
// (10), answering every request with the health route's one query (`select 1`) and its JSON. No
// framework, no middleware, no logging: what this machine can do before any app code runs.
// PORT and DATABASE_URL from the environment; started and stopped by scripts/bench-load.ts.
import { createServer } from 'node:http';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
pool.on('error', () => {});
const body = JSON.stringify({ status: 'ok' });

const server = createServer((request, response) => {
  pool.query('select 1').then(
    () => {
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length });
      response.end(body);
    },
    () => {
      response.writeHead(503).end();
    },
  );
  request.resume();
});
server.listen(Number(process.env.PORT), '127.0.0.1');

process.on('SIGTERM', () => {
  server.close();
  pool.end().then(() => process.exit(0));
  server.closeAllConnections();
});
