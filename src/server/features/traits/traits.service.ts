import { and, desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type {
  AddTraitInput,
  ClientTraitsResponse,
  StaffTrait,
  TraitDecision,
  TraitEvent,
  TraitKey,
} from '../../../shared/traits';
import type { Actor, AppContext } from '../../context';
import { client_trait_events, client_traits, tagging_requests, user_profiles } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { requireClientAccess } from '../clients/client-access';
import { taggedTexts } from './tagging.service';

const decider = alias(user_profiles, 'decider');
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
  await requireClientAccess(ctx, actor, clientId);
  const [rows, events, texts, pending] = await Promise.all([
    ctx.db
      .select({ trait: client_traits, decided_by_name: decider.full_name })
      .from(client_traits)
      .leftJoin(decider, eq(decider.id, client_traits.decided_by))
      .where(eq(client_traits.client_id, clientId))
      .orderBy(desc(client_traits.confidence), client_traits.trait),
    ctx.db
      .select({ event: client_trait_events, actor_name: decider.full_name })
      .from(client_trait_events)
      .leftJoin(decider, eq(decider.id, client_trait_events.actor_id))
      .where(eq(client_trait_events.client_id, clientId))
      .orderBy(desc(client_trait_events.created_at))
      .limit(100),
    taggedTexts(ctx.db, clientId),
    ctx.db
      .select({ client_id: tagging_requests.client_id })
      .from(tagging_requests)
      .where(eq(tagging_requests.client_id, clientId)),
  ]);
  const traits: StaffTrait[] = rows.map(({ trait: row, decided_by_name }) => ({
    id: row.id,
    trait: row.trait as TraitKey,
    confidence: row.confidence,
    source: row.source,
    evidence: row.evidence,
    status: row.status,
    intake_session_id: row.intake_session_id,
    decided_by_name,
    decided_at: iso(row.decided_at),
    updated_at: row.updated_at.toISOString(),
  }));
  return {
    traits,
    events: events.map(
      ({ event, actor_name }): TraitEvent => ({
        id: event.id,
        trait: event.trait as TraitKey,
        source: event.source,
        action: event.action,
        actor_name,
        evidence: event.evidence,
        created_at: event.created_at.toISOString(),
      }),
    ),
    notes: texts.sessions.map((s) => ({
      intake_session_id: s.id,
      scheduled_at: iso(s.scheduled_at),
      text: s.notes,
    })),
    tagging_pending: pending.length > 0,
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
  await requireClientAccess(ctx, actor, clientId);
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
  await requireClientAccess(ctx, actor, clientId);
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
