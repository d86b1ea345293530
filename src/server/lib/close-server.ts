import { Server as HttpServer } from 'node:http';
import type { ServerType } from '@hono/node-server';

/**
 * Stops a server the way a rolling deploy needs: no new connections, the requests under way get
 * `drainMs` to finish, then every connection left is closed.
 *
 * `server.close()` alone closes only the connections idle at that moment. A kept-alive connection
 * whose request was still being answered (or still arriving) then stays open for the whole
 * keep-alive time (65 s, main.ts), so the process outlived its shutdown limit and exited 1. Idle
 * connections are therefore closed again as they become idle, and the rest after `drainMs`.
 */
export function closeServer(server: ServerType, drainMs: number): Promise<void> {
  return new Promise((done) => {
    if (!(server instanceof HttpServer)) {
      server.close(() => done());
      return;
    }
    const idle = setInterval(() => server.closeIdleConnections(), 100);
    const cut = setTimeout(() => server.closeAllConnections(), drainMs);
    server.close(() => {
      clearInterval(idle);
      clearTimeout(cut);
      done();
    });
  });
}
