import { and, eq } from 'drizzle-orm';
import type { Actor, AppContext } from '../context';
import { user_profiles } from '../db/schema';
import { AppError } from '../lib/errors';

/**
 * A client's file is for their own matchmaker and for admins (issue 15): anyone else gets
 * 'Geen toegang', an id that is no client a 404. Returns the client's profile row.
 */
export async function requireClientAccess({
  ctx,
  actor,
  clientId,
}: {
  ctx: AppContext;
  actor: Actor;
  clientId: string;
}) {
  const [client] = await ctx.db
    .select()
    .from(user_profiles)
    .where(and(eq(user_profiles.id, clientId), eq(user_profiles.role, 'client')));
  return checkClientAccess({ actor, client });
}

/** The same check on a client's profile row read by the caller (or none, when no client has the id). */
export function checkClientAccess<Client extends { assigned_matchmaker_id: string | null }>({
  actor,
  client,
}: {
  actor: Actor;
  client: Client | undefined;
}): Client {
  if (!client) throw new AppError('NOT_FOUND', 'Klant niet gevonden');
  if (actor.profile.role === 'admin') return client;
  if (actor.profile.role === 'matchmaker' && client.assigned_matchmaker_id === actor.user.id) return client;
  throw new AppError('UNAUTHORIZED');
}
