import type { Context } from 'hono';
import { AppError } from './errors';
import { requestHeader } from './light-response';

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

/** The name of a Host header without its port: `localhost:3000` → `localhost`, `[::1]:3000` → `[::1]`. */
export function hostName(host: string): string {
  const name = host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.split(':')[0]!;
  return name.toLowerCase().replace(/\.$/, '');
}

/**
 * A local install (APP_URL on loopback) answers only requests addressed to a loopback name. A page
 * on another site cannot read the dev mailbox's reset links through DNS rebinding (its requests
 * carry the attacker's host name), and a local install put behind a reverse proxy without an
 * APP_URL does not serve its test payment and dev pages to the world. 421: wrong server.
 */
export function assertLoopbackHost(c: Context): void {
  const host = requestHeader(c, 'host') ?? new URL(c.req.url).host;
  if (!LOOPBACK_NAMES.has(hostName(host))) throw new AppError('MISDIRECTED_REQUEST');
}
