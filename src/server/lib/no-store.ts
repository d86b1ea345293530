import type { MiddlewareHandler } from 'hono';

/**
 * API answers depend on the session (or, under /dev, on local state), so no browser or proxy may
 * keep them, unless a route set its own Cache-Control (the public docs assets).
 */
export function noStoreByDefault(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (!c.res.headers.has('cache-control')) c.res.headers.set('Cache-Control', 'no-store');
  };
}
