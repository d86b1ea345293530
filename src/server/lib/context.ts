import { eq } from 'drizzle-orm';
import type { Context } from 'hono';
import type { Role } from '../../shared/domain';
import type { Auth } from '../auth/auth';
import type { Db } from '../db/client';
import { user_profiles } from '../db/schema';
import type { Env } from '../env';
import type { Outbox } from '../integrations/mail/outbox';
import type { Clock } from './clock';
import { AppError } from './errors';
import type { Logger } from './logger';

/** What every feature gets: built once in createApp, passed to each router. */
export interface Deps {
  db: Db;
  auth: Auth;
  env: Env;
  outbox: Outbox;
  clock: Clock;
  logger: Logger;
}

export type AppEnv = { Variables: { requestId: string } };

export type Profile = typeof user_profiles.$inferSelect;
export interface Actor {
  user: { id: string; email: string };
  profile: Profile;
}

/** The signed-in user from the session cookie; 401 without one. */
export async function requireUser(deps: Deps, c: Context): Promise<Actor['user']> {
  const session = await deps.auth.api.getSession({ headers: c.req.raw.headers });
  if (!session) throw new AppError('NOT_AUTHENTICATED');
  return { id: session.user.id, email: session.user.email };
}

/**
 * The signed-in user and their profile (null when the row is missing), or null for a visitor:
 * for the public pages, which show everyone something.
 */
export async function findSession(
  deps: Deps,
  c: Context,
): Promise<{ user: Actor['user']; profile: Profile | null } | null> {
  const session = await deps.auth.api.getSession({ headers: c.req.raw.headers });
  if (!session) return null;
  const user = { id: session.user.id, email: session.user.email };
  const [profile] = await deps.db.select().from(user_profiles).where(eq(user_profiles.id, user.id));
  return { user, profile: profile ?? null };
}

/** The signed-in user and their profile; 401 without a session, 403 without a profile or role. */
export async function requireActor(deps: Deps, c: Context, roles?: readonly Role[]): Promise<Actor> {
  const session = await requireUser(deps, c);
  const [profile] = await deps.db.select().from(user_profiles).where(eq(user_profiles.id, session.id));
  if (!profile) throw new AppError('UNAUTHORIZED');
  if (roles && !roles.includes(profile.role)) throw new AppError('UNAUTHORIZED');
  return { user: session, profile };
}
