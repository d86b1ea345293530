import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import { TRAIT_KEYS, type TraitKey } from '../../../shared/traits';
import type { AppContext, Tx } from '../../context';
import {
  client_profiles,
  client_trait_events,
  client_traits,
  intake_sessions,
  tagging_requests,
} from '../../db/schema';
import { selectTogether } from '../../db/together';
import { evidenceSentence } from '../../integrations/tagger/evidence';
import type { SuggestedTag, TraitTagger } from '../../integrations/tagger/tagger';
import { describeError } from '../../lib/logger';

/** A claim older than this is taken to be from a process that died; another may take it over. */
const CLAIM_TIMEOUT_MS = 5 * 60_000;
const KNOWN = new Set<string>(TRAIT_KEYS);

/**
 * Asks for the client's texts to be tagged again, in the caller's transaction (a completed intake,
 * a changed 'over mij'). A request while a run is busy clears its claim: the run's result is then
 * dropped and the newer texts are read.
 */
export async function requestTagging({
  tx,
  clientId,
  reason,
}: {
  tx: Pick<Tx, 'db'>;
  clientId: string;
  reason: string;
}) {
  await tx.db
    .insert(tagging_requests)
    .values({ client_id: clientId, reason })
    .onConflictDoUpdate({
      target: tagging_requests.client_id,
      set: { reason, requested_at: sql`now()`, claim_token: null, claimed_at: null },
    });
}

/**
 * Starts a tagging run now, after the commit that asked for it, so the matchmaker sees suggestions
 * within seconds; the scheduled job picks up anything this run leaves (a crash, a failure).
 */
export function kickTagging({ ctx }: { ctx: AppContext }) {
  runTagging({ ctx }).catch((error: unknown) =>
    ctx.logger.error({ job: 'trait-tagging', ...describeError(error) }, 'Tagging run failed'),
  );
}

/** What the tagger reads of a client: the notes of their completed intakes, and their 'over mij'. */
export async function taggedTexts({ ctx, clientId }: { ctx: Pick<AppContext, 'db'>; clientId: string }) {
  const rows = await selectTogether<{ sessions: TaggedSessionRow; profile: { about_me: string | null } }>(
    ctx.db,
    {
      sessions: taggedSessionsQuery(clientId),
      profile: sql`SELECT about_me FROM ${client_profiles} WHERE id = ${clientId}`,
    },
  );
  return {
    sessions: toTaggedSessions(rows.sessions),
    aboutMe: rows.profile[0]?.about_me?.trim() || null,
  };
}

export interface TaggedSessionRow {
  id: string;
  notes: string | null;
  scheduled_at: string | null;
}

/**
 * The client's completed intakes with notes, newest first, as a query for `selectTogether` (issue
 * 19: the traits endpoint reads them with the rest); `toTaggedSessions` keeps those with text.
 */
export function taggedSessionsQuery(clientId: string): SQL {
  return sql`
    SELECT id, matchmaker_notes AS notes, scheduled_at FROM ${intake_sessions}
    WHERE user_id = ${clientId} AND status = 'completed' AND matchmaker_notes IS NOT NULL
    ORDER BY scheduled_at DESC`;
}

export function toTaggedSessions(rows: readonly TaggedSessionRow[]) {
  return rows
    .filter((s) => s.notes?.trim())
    .map((s) => ({
      id: s.id,
      notes: s.notes as string,
      scheduled_at: s.scheduled_at === null ? null : new Date(s.scheduled_at),
    }));
}

/** Takes one waiting request (or one whose claim timed out), or none; only one process gets it. */
async function claimOne(ctx: AppContext) {
  const token = randomUUID();
  const stale = new Date(ctx.clock.now().getTime() - CLAIM_TIMEOUT_MS);
  const [claimed] = await ctx.db
    .update(tagging_requests)
    .set({ claim_token: token, claimed_at: ctx.clock.now() })
    .where(
      eq(
        tagging_requests.client_id,
        sql`(SELECT ${tagging_requests.client_id} FROM ${tagging_requests}
             WHERE ${or(isNull(tagging_requests.claimed_at), lt(tagging_requests.claimed_at, stale))}
             ORDER BY ${tagging_requests.requested_at} LIMIT 1 FOR UPDATE SKIP LOCKED)`,
      ),
    )
    .returning({ client_id: tagging_requests.client_id });
  return claimed ? { clientId: claimed.client_id, token } : null;
}

/**
 * What a tagger suggests from `texts`, held to the evidence rule (decision 034): only taxonomy
 * keys, each with evidence that is a sentence of these texts containing the tag's trigger (the
 * sentence as the texts have it); a blank, invented or unrelated quote makes no suggestion.
 */
async function suggestFrom(tagger: TraitTagger, texts: string[]): Promise<SuggestedTag[]> {
  if (!texts.length) return [];
  const tags: SuggestedTag[] = [];
  for (const tag of await tagger.tag(texts)) {
    if (!KNOWN.has(tag.trait)) continue;
    const evidence = evidenceSentence(texts, tag.evidence, tag.trigger ?? tag.evidence);
    if (evidence && texts.some((text) => text.includes(evidence))) tags.push({ ...tag, evidence });
  }
  return tags;
}

function bestPerTrait(tags: SuggestedTag[]): SuggestedTag[] {
  const best = new Map<TraitKey, SuggestedTag>();
  for (const tag of tags) {
    const known = best.get(tag.trait);
    if (!known || known.confidence < tag.confidence) best.set(tag.trait, tag);
  }
  return [...best.values()];
}

/**
 * The tagging job: for each waiting client, the configured tagger reads their texts (outside any
 * transaction: an AI provider may take seconds) and the suggestions are stored with their
 * evidence in one transaction that also removes the request, only if this run still holds it.
 * Suggestions the matchmaker already decided are kept as they are; earlier suggestions the texts no
 * longer support are withdrawn. Runs once per request, however many processes share the database.
 */
export async function runTagging({ ctx, limit = 20 }: { ctx: AppContext; limit?: number }) {
  const { tagger } = ctx;
  let tagged = 0;
  let suggested = 0;
  let failed = 0;
  for (let i = 0; i < limit; i++) {
    const claim = await claimOne(ctx);
    if (!claim) break;
    try {
      const { sessions, aboutMe } = await taggedTexts({ ctx, clientId: claim.clientId });
      const notes = sessions.map((s) => s.notes);
      // Decision 034: the matchmaker's notes and the client's own text are tagged apart, each tag
      // held to a sentence of its own source, so the client's text cannot steer what is suggested
      // from the notes (a model reads instructions in it as data at best): it can only add traits
      // shown by its own sentences.
      const fromNotes = await suggestFrom(tagger, notes);
      const fromOwn = aboutMe ? await suggestFrom(tagger, [aboutMe]) : [];
      const tags = bestPerTrait([...fromNotes, ...fromOwn]);
      // Where a suggestion came from: the intake whose notes hold its evidence; none (null) when it
      // came from the client's own texts ('over mij'). The label shown reads this (traitOrigin).
      const sessionOf = (evidence: string) =>
        fromNotes.some((tag) => tag.evidence === evidence)
          ? (sessions.find((s) => s.notes.includes(evidence))?.id ?? null)
          : null;
      const stored = await ctx.transaction(async (tx) => {
        const [held] = await tx.db
          .delete(tagging_requests)
          .where(
            and(
              eq(tagging_requests.client_id, claim.clientId),
              eq(tagging_requests.claim_token, claim.token),
            ),
          )
          .returning({ client_id: tagging_requests.client_id });
        if (!held) return 0; // Asked again meanwhile: the next run reads the newer texts.
        return storeSuggestions(tx, ctx, claim.clientId, tags, sessionOf);
      });
      tagged++;
      suggested += stored;
    } catch (error) {
      failed++;
      // The request stays claimed; after the claim timeout another run retries it.
      ctx.logger.error({ job: 'trait-tagging', ...describeError(error) }, 'Tagging a client failed');
    }
  }
  return { tagged, suggested, failed };
}

async function storeSuggestions(
  tx: Tx,
  ctx: AppContext,
  clientId: string,
  tags: { trait: TraitKey; confidence: number; evidence: string }[],
  sessionOf: (evidence: string) => string | null,
) {
  const now = ctx.clock.now();
  const existing = await tx.db
    .select()
    .from(client_traits)
    .where(and(eq(client_traits.client_id, clientId), eq(client_traits.source, 'intake_ai')));
  const byTrait = new Map(existing.map((row) => [row.trait, row]));
  let created = 0;
  for (const tag of tags) {
    const known = byTrait.get(tag.trait);
    if (known && known.status !== 'suggested') continue; // A decision stands.
    const values = {
      confidence: tag.confidence,
      evidence: tag.evidence,
      intake_session_id: sessionOf(tag.evidence),
      updated_at: now,
    };
    if (known) {
      await tx.db.update(client_traits).set(values).where(eq(client_traits.id, known.id));
      continue;
    }
    await tx.db.insert(client_traits).values({
      client_id: clientId,
      trait: tag.trait,
      source: 'intake_ai',
      status: 'suggested',
      created_at: now,
      ...values,
    });
    await tx.db.insert(client_trait_events).values({
      client_id: clientId,
      trait: tag.trait,
      source: 'intake_ai',
      action: 'suggested',
      actor_id: null,
      evidence: tag.evidence,
      created_at: now,
    });
    created++;
  }
  const found = new Set<string>(tags.map((tag) => tag.trait));
  const gone = existing.filter((row) => row.status === 'suggested' && !found.has(row.trait));
  if (gone.length) {
    await tx.db.delete(client_traits).where(
      inArray(
        client_traits.id,
        gone.map((row) => row.id),
      ),
    );
    await tx.db.insert(client_trait_events).values(
      gone.map((row) => ({
        client_id: clientId,
        trait: row.trait,
        source: 'intake_ai' as const,
        action: 'withdrawn' as const,
        actor_id: null,
        evidence: row.evidence,
        created_at: now,
      })),
    );
  }
  return created;
}
