import { and, eq, sql } from 'drizzle-orm';
import type {
  AddTraitInput,
  ClientTraitsResponse,
  StaffTrait,
  TraitDecision,
  TraitEvent,
  TraitKey,
} from '../../../shared/traits';
import { checkClientAccess, requireClientAccess } from '../../auth/client-access';
import type { Actor, AppContext } from '../../context';
import { client_trait_events, client_traits, tagging_requests, user_profiles } from '../../db/schema';
import { selectTogether, tableRows } from '../../db/together';
import { AppError } from '../../lib/errors';
import { type TaggedSessionRow, taggedSessionsQuery, toTaggedSessions } from './tagging.service';

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** A client's traits, their history and the texts the tagger read: for their matchmaker and admins. */
export async function clientTraits({
  ctx,
  actor,
  clientId,
}: {
  ctx: AppContext;
  actor: Actor;
  clientId: string;
}): Promise<ClientTraitsResponse> {
  // One statement (issue 19): the access check's row is read with the rest, and nothing leaves
  // this function before the check passed.
  const found = await selectTogether<{
    client: { assigned_matchmaker_id: string | null };
    traits: { decided_by_name: string | null };
    events: { actor_name: string | null };
    sessions: TaggedSessionRow;
    pending: { client_id: string };
  }>(ctx.db, {
    client: sql`SELECT assigned_matchmaker_id FROM ${user_profiles} WHERE id = ${clientId} AND role = 'client'`,
    traits: sql`
      SELECT t.*, d.full_name AS decided_by_name FROM ${client_traits} t
      LEFT JOIN ${user_profiles} d ON d.id = t.decided_by
      WHERE t.client_id = ${clientId} ORDER BY t.confidence DESC, t.trait`,
    events: sql`
      SELECT e.*, d.full_name AS actor_name FROM ${client_trait_events} e
      LEFT JOIN ${user_profiles} d ON d.id = e.actor_id
      WHERE e.client_id = ${clientId} ORDER BY e.created_at DESC LIMIT 100`,
    sessions: taggedSessionsQuery(clientId),
    pending: sql`SELECT client_id FROM ${tagging_requests} WHERE client_id = ${clientId}`,
  });
  checkClientAccess({ actor, client: found.client[0] });
  const traits: StaffTrait[] = tableRows(client_traits, found.traits).map((row, index) => ({
    id: row.id,
    trait: row.trait as TraitKey,
    confidence: row.confidence,
    source: row.source,
    evidence: row.evidence,
    status: row.status,
    intake_session_id: row.intake_session_id,
    decided_by_name: found.traits[index]!.decided_by_name,
    decided_at: iso(row.decided_at),
    updated_at: row.updated_at.toISOString(),
  }));
  return {
    traits,
    events: tableRows(client_trait_events, found.events).map(
      (event, index): TraitEvent => ({
        id: event.id,
        trait: event.trait as TraitKey,
        source: event.source,
        action: event.action,
        actor_name: found.events[index]!.actor_name,
        evidence: event.evidence,
        created_at: event.created_at.toISOString(),
      }),
    ),
    notes: toTaggedSessions(found.sessions).map((s) => ({
      intake_session_id: s.id,
      scheduled_at: iso(s.scheduled_at),
      text: s.notes,
    })),
    tagging_pending: found.pending.length > 0,
  };
}

/** The matchmaker confirms or rejects a tag; the change is recorded with who and when. */
export async function decideTrait({
  ctx,
  actor,
  clientId,
  traitId,
  decision,
}: {
  ctx: AppContext;
  actor: Actor;
  clientId: string;
  traitId: string;
  decision: TraitDecision;
}) {
  await requireClientAccess({ ctx, actor, clientId });
  const now = ctx.clock.now();
  return ctx.transaction(async (tx) => {
    const [row] = await tx.db
      .update(client_traits)
      .set({ status: decision.status, decided_by: actor.user.id, decided_at: now, updated_at: now })
      .where(and(eq(client_traits.id, traitId), eq(client_traits.client_id, clientId)))
      .returning();
    if (!row) throw new AppError('NOT_FOUND', 'Eigenschap niet gevonden');
    await tx.db.insert(client_trait_events).values({
      client_id: clientId,
      trait: row.trait,
      source: row.source,
      action: decision.status,
      actor_id: actor.user.id,
      evidence: row.evidence,
      created_at: now,
    });
    return { id: row.id, status: row.status };
  });
}

/** The matchmaker adds a trait they saw themselves: confirmed at once, source 'matchmaker'. */
export async function addTrait({
  ctx,
  actor,
  clientId,
  input,
}: {
  ctx: AppContext;
  actor: Actor;
  clientId: string;
  input: AddTraitInput;
}) {
  await requireClientAccess({ ctx, actor, clientId });
  const now = ctx.clock.now();
  return ctx.transaction(async (tx) => {
    const values = {
      confidence: 1,
      evidence: input.evidence ?? null,
      status: 'confirmed' as const,
      decided_by: actor.user.id,
      decided_at: now,
      updated_at: now,
    };
    const [row] = await tx.db
      .insert(client_traits)
      .values({ client_id: clientId, trait: input.trait, source: 'matchmaker', created_at: now, ...values })
      .onConflictDoUpdate({
        target: [client_traits.client_id, client_traits.trait, client_traits.source],
        set: values,
      })
      .returning();
    await tx.db.insert(client_trait_events).values({
      client_id: clientId,
      trait: input.trait,
      source: 'matchmaker',
      action: 'added',
      actor_id: actor.user.id,
      evidence: input.evidence ?? null,
      created_at: now,
    });
    return { id: row!.id, status: row!.status };
  });
}
