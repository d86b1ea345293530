import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Context } from 'hono';
import type { Db } from '../db/client';
import { matchmaker_profiles, session, user, user_profiles } from '../db/schema';
import { requestHeader } from '../lib/light-response';
import type { Auth } from './auth';

/**
 * Issue 19 (decision 019): the signed-in user of a request in ONE query. better-auth's
 * `getSession` reads the session joined with its user, and every caller then read the profile in a
 * second query. Here the session cookie's signature is checked in memory (HMAC-SHA256 with
 * AUTH_SECRET, as better-call signs it) and one SELECT reads session, user and profile together.
 *
 * Nothing is cached between requests: a session that was signed out, revoked (password change or
 * reset, two-factor turned on) or deleted with its account is gone from the database, so the next
 * request on any server process is refused. Within one request the lookup runs once, however many
 * times `requireActor`/`findSession` ask.
 *
 * A session due for better-auth's sliding refresh (expiresAt moved forward once a day) goes through
 * better-auth's own `getSession`, which writes the new expiry: that path is taken about once a day
 * per session.
 */
export type Profile = typeof user_profiles.$inferSelect;

export interface SessionLookup {
  user: { id: string; email: string; twoFactorEnabled: boolean };
  profile: Profile | null;
  /**
   * Issue 26 (decision 024): a matchmaker an admin deactivated. Their sessions were ended then; a
   * new sign-in reaches only who-am-I (`/api/me`, `/api/session`) and signing out: every route
   * behind `requireActor` answers 403 ACCOUNT_INACTIVE.
   */
  inactive: boolean;
}

/**
 * Issue 31 (decision 049): a read of the signed-in user's own data, made in the session lookup's
 * statement, so the route costs one round trip instead of two. `data` is a scalar subquery over
 * the user's id (a JSON value, e.g. `jsonRows`); it runs for whoever the cookie names, and its
 * answer is handed out only after the session passed every check the lookup makes. `name` names
 * the prepared statement (one per read); the read's own placeholders (`sql.placeholder`) are filled
 * from `params` at each call.
 */
export interface ReadWithSession<T> {
  name: string;
  data: (userId: AnyPgColumn) => SQL<T>;
}

interface CookieNames {
  sessionToken: string;
  dontRemember: string;
}

/** better-auth's defaults (the auth config sets neither): 7 days, refreshed after 1 day. */
const SESSION_EXPIRES_IN_MS = 7 * 24 * 60 * 60 * 1000;
const SESSION_UPDATE_AGE_MS = 24 * 60 * 60 * 1000;

function readCookie(header: string, name: string): string | null {
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index < 0) continue;
    if (part.slice(0, index).trim() !== name) continue;
    const raw = part.slice(index + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return null;
    }
  }
  return null;
}

/** The value of a cookie signed by better-call (`value.base64(hmac)`), or null when unsigned/forged. */
export function verifySignedCookie(signed: string, secret: string): string | null {
  const dot = signed.lastIndexOf('.');
  if (dot < 1) return null;
  const value = signed.slice(0, dot);
  const signature = signed.slice(dot + 1);
  if (signature.length !== 44 || !signature.endsWith('=')) return null;
  const expected = createHmac('sha256', secret).update(value).digest();
  const given = Buffer.from(signature, 'base64');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return value;
}

export function createSessionLookup({ db, auth, secret }: { db: Db; auth: Auth; secret: string }) {
  let names: CookieNames | null = null;
  async function cookieNames(): Promise<CookieNames> {
    if (names) return names;
    const context = await auth.$context;
    names = {
      sessionToken: context.authCookies.sessionToken.name,
      dontRemember: context.authCookies.dontRememberToken.name,
    };
    return names;
  }

  const profileColumns = {
    session_expires_at: session.expiresAt,
    user_id: user.id,
    user_email: user.email,
    user_two_factor: user.twoFactorEnabled,
    profile: user_profiles,
    deactivated_at: matchmaker_profiles.deactivated_at,
  };

  // Prepared once (the profiler showed drizzle building the same SQL on every request); on
  // PostgreSQL a named statement is also parsed once per connection.
  /** The session of the token, its user and profile: the lookup's one row, with a route's `data`. */
  const sessionRow = (data: SQL<unknown> = sql`null`) =>
    db
      .select({ ...profileColumns, data })
      .from(session)
      .innerJoin(user, eq(user.id, session.userId))
      .leftJoin(user_profiles, eq(user_profiles.id, user.id))
      .leftJoin(matchmaker_profiles, eq(matchmaker_profiles.id, user.id))
      .where(eq(session.token, sql.placeholder('token')))
      .limit(1);
  const bySessionToken = sessionRow().prepare('koppel_session_lookup');

  /** The session token of the request's cookie when its signature holds, else null. */
  async function tokenOf(c: Context): Promise<{ token: string; cookieHeader: string } | null> {
    const cookieHeader = requestHeader(c, 'cookie');
    if (!cookieHeader) return null;
    const { sessionToken } = await cookieNames();
    const signed = readCookie(cookieHeader, sessionToken);
    if (!signed) return null;
    const token = verifySignedCookie(signed, secret);
    return token ? { token, cookieHeader } : null;
  }

  /** The lookup's row as a session, or null when it has expired (or its refresh failed). */
  async function sessionFromRow(
    c: Context,
    cookieHeader: string,
    row: Awaited<ReturnType<typeof bySessionToken.execute>>[number] | undefined,
  ): Promise<SessionLookup | null> {
    if (!row) return null;
    const now = Date.now();
    const expiresAt = row.session_expires_at.getTime();
    if (expiresAt < now) return null;

    const dueForRefresh = expiresAt - SESSION_EXPIRES_IN_MS + SESSION_UPDATE_AGE_MS <= now;
    if (dueForRefresh && !readCookie(cookieHeader, (await cookieNames()).dontRemember)) {
      // Rare (once a day per session): better-auth moves the expiry forward itself.
      const refreshed = await auth.api.getSession({ headers: c.req.raw.headers });
      if (!refreshed) return null;
    }
    return {
      user: { id: row.user_id, email: row.user_email, twoFactorEnabled: row.user_two_factor },
      profile: row.profile,
      inactive: row.profile?.role === 'matchmaker' && row.deactivated_at !== null,
    };
  }

  async function lookup(c: Context): Promise<SessionLookup | null> {
    const found = await tokenOf(c);
    if (!found) return null;
    const [row] = await bySessionToken.execute({ token: found.token });
    return sessionFromRow(c, found.cookieHeader, row);
  }

  const withData = new Map<string, ReturnType<typeof prepareWithData>>();
  function prepareWithData(read: ReadWithSession<unknown>) {
    return sessionRow(read.data(user.id)).prepare(`koppel_session_with_${read.name}`);
  }

  async function lookupWith<T>(
    c: Context,
    read: ReadWithSession<T>,
    params: Record<string, unknown>,
  ): Promise<{ session: SessionLookup | null; data: T | null }> {
    const found = await tokenOf(c);
    if (!found) return { session: null, data: null };
    let query = withData.get(read.name);
    if (!query) {
      query = prepareWithData(read);
      withData.set(read.name, query);
    }
    const [row] = await query.execute({ ...params, token: found.token });
    const checked = await sessionFromRow(c, found.cookieHeader, row);
    return { session: checked, data: checked ? (row!.data as T) : null };
  }

  const perRequest = new WeakMap<Request, Promise<SessionLookup | null>>();
  return {
    /** The session of this request, looked up once. */
    sessionOf(c: Context): Promise<SessionLookup | null> {
      const request = c.req.raw;
      let found = perRequest.get(request);
      if (!found) {
        found = lookup(c);
        perRequest.set(request, found);
      }
      return found;
    },
    /**
     * The session of this request and `read`'s data of its user, in one statement; later
     * `sessionOf` calls of this request take the session from it. The data is null when the
     * session is (no cookie, forged, revoked, expired).
     */
    async sessionWith<T>(
      c: Context,
      read: ReadWithSession<T>,
      params: Record<string, unknown> = {},
    ): Promise<{ session: SessionLookup | null; data: T | null }> {
      const request = c.req.raw;
      const result = lookupWith(c, read, params);
      const earlier = perRequest.get(request);
      if (earlier) {
        const [session, { data }] = await Promise.all([earlier, result]);
        return { session, data: session ? data : null };
      }
      const session = result.then(({ session }) => session);
      // A failed statement reaches the caller through `result`; this copy must not also surface
      // as an unhandled rejection when nothing else asks for the session.
      session.catch(() => {});
      perRequest.set(request, session);
      return result;
    },
  };
}

export type SessionLookups = ReturnType<typeof createSessionLookup>;
