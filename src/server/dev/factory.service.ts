import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { MatchStatus, Tier } from '../../shared/domain';
import { ORIENTATION_CONSENT_VERSION } from '../../shared/profile';
import { QUIZ_QUESTIONS } from '../../shared/quiz';
import type { TraitKey } from '../../shared/traits';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import {
  createAdmin,
  createClient,
  createFeedbackRequest,
  createIntakeSession,
  createMatch,
  createMatchmaker,
  createPurchase,
} from '../db/factories';
import { createQuizAttempt } from '../db/quiz-factory';
import {
  client_consents,
  client_trait_events,
  client_traits,
  matches,
  matchmaker_assignments,
  matchmaker_profiles,
  user,
  user_profiles,
} from '../db/schema';
import { AppError } from '../lib/errors';

/**
 * Local installs only: accounts and matches for end-to-end tests, made by the demo seed's own
 * factories (src/server/db/factories.ts), so a test's account is what the product would have
 * written. Each end-to-end test that changes something makes the accounts it changes.
 */

const DAY = 86_400_000;

/** A few random letters: names unique to one test, so a search finds exactly one. */
const letters = () =>
  Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');

const uniqueEmail = (first: string) =>
  `${first.toLowerCase().replace(/[^a-z0-9]+/g, '') || 'account'}-${randomUUID().slice(0, 8)}@e2e.koppel.example`;

export const FACTORY_PASSWORD = 'e2e-fabriek-wachtwoord-2026';

export interface FactoryAccount {
  id: string;
  email: string;
  password: string;
  first_name: string;
  surname: string;
  full_name: string;
}

interface AccountInput {
  first_name?: string;
  surname?: string;
  email?: string;
  password?: string;
}

async function refuseTakenEmail(db: Db, email: string) {
  const [taken] = await db.select({ id: user.id }).from(user).where(eq(user.email, email.toLowerCase()));
  if (taken) throw new AppError('BAD_REQUEST', 'Dit e-mailadres heeft al een account');
}

function accountFields(input: AccountInput, defaultFirst: string) {
  const first_name = input.first_name ?? defaultFirst;
  const surname = input.surname ?? `Test${letters()}`;
  return {
    first_name,
    surname,
    full_name: `${first_name} ${surname}`,
    email: (input.email ?? uniqueEmail(first_name)).toLowerCase(),
    password: input.password ?? FACTORY_PASSWORD,
  };
}

/** The user row's part of an account: its login, and signed in just now. */
function userRow(fields: ReturnType<typeof accountFields>, now: Date) {
  return {
    email: fields.email,
    full_name: fields.full_name,
    password: fields.password,
    created_at: now,
    last_login_at: now,
    last_activity_at: now,
  };
}

async function findMatchmaker(db: Db, id: string) {
  const [found] = await db
    .select({ id: user_profiles.id })
    .from(user_profiles)
    .where(and(eq(user_profiles.id, id), eq(user_profiles.role, 'matchmaker')));
  if (!found) throw new AppError('NOT_FOUND', 'Geen matchmaker met deze id');
}

export interface FactoryClientInput extends AccountInput {
  tier: Tier;
  /** When a paid tier was bought (by default a minute ago). */
  paid_at?: string;
  matchmaker_id?: string;
  active_for_matching: boolean;
  profile?: {
    birth_date?: string;
    gender?: 'woman' | 'man' | 'non_binary';
    postcode?: number;
    town?: string;
    province?: string;
    interests?: string[];
    seeking_genders?: ('woman' | 'man' | 'non_binary')[];
    age_min?: number;
    age_max?: number;
    max_distance_km?: number;
    relationship_sought?: string;
    smoking?: string;
    wants_children?: string;
    religion?: string;
    dealbreakers?: string[];
    height_cm?: number;
    education?: string;
    profession?: string;
    languages?: string[];
    drinking?: string;
    has_children?: boolean;
    about_me?: string;
    looking_for?: string;
    completed_steps?: string[];
  };
  /** Confirmed by their matchmaker, as after the intake. */
  traits?: TraitKey[];
  /** An intake with their matchmaker: held (completed) or planned (also when its time has passed). */
  intake?: { scheduled_at: string; status: 'scheduled' | 'completed' };
  /** An open periodic request for feedback on their matchmaker, asked at this moment. */
  matchmaker_feedback_requested_at?: string;
  /** A quiz attempt (the seed's factory), finished and scored or still under way. */
  quiz?: { answers: Record<string, number>; finished: boolean };
}

/**
 * A confirmed client as the seed makes them: a paid tier through a purchase (its payment and
 * term), a matchmaker since now, a profile (the consent with the genders sought), confirmed
 * traits, an intake and an open feedback request.
 */
export async function createFactoryClient({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: FactoryClientInput;
}): Promise<FactoryAccount> {
  const now = ctx.clock.now();
  const fields = accountFields(input, 'Klant');
  const matchmakerNeeded = input.traits?.length || input.intake || input.matchmaker_feedback_requested_at;
  if (matchmakerNeeded && !input.matchmaker_id) {
    throw new AppError('BAD_REQUEST', 'Eigenschappen, een intake of een feedbackvraag vragen een matchmaker');
  }
  const answered = Object.keys(input.quiz?.answers ?? {}).length;
  if (input.quiz?.finished && answered !== QUIZ_QUESTIONS.length) {
    throw new AppError('BAD_REQUEST', `Een afgeronde quiz heeft ${QUIZ_QUESTIONS.length} antwoorden`);
  }
  return ctx.transaction(async (tx) => {
    const db = tx.db;
    await refuseTakenEmail(db, fields.email);
    if (input.matchmaker_id) await findMatchmaker(db, input.matchmaker_id);
    const created = await createClient(db, {
      ...userRow(fields, now),
      // A member since before the purchase.
      created_at: new Date(
        Math.min(now.getTime() - DAY, input.paid_at ? Date.parse(input.paid_at) - DAY : Infinity),
      ),
      assigned_matchmaker_id: input.matchmaker_id ?? null,
      contract_status: input.active_for_matching ? 'active_for_matching' : 'pending',
      profile: input.profile,
    });
    if (input.tier !== 'Relax') {
      const paid_at = input.paid_at ? new Date(input.paid_at) : new Date(now.getTime() - 60_000);
      if (paid_at > now) throw new AppError('BAD_REQUEST', 'Een aankoop is betaald voor nu');
      await createPurchase(db, { client_id: created.id, tier: input.tier, paid_at, now });
    } else if (input.paid_at) {
      throw new AppError('BAD_REQUEST', 'Relax is gratis: zonder betaling');
    }
    if (input.profile?.seeking_genders?.length) {
      await db.insert(client_consents).values({
        client_id: created.id,
        kind: 'orientation',
        text_version: ORIENTATION_CONSENT_VERSION,
        given_at: now,
      });
    }
    if (input.quiz) {
      // Taken in the last half hour: answered one by one, finished a minute ago.
      await createQuizAttempt(db, {
        client_id: created.id,
        answers: input.quiz.answers,
        started_at: new Date(now.getTime() - 30 * 60_000),
        finished_at: input.quiz.finished ? new Date(now.getTime() - 60_000) : undefined,
      });
    }
    const matchmaker_id = input.matchmaker_id;
    if (matchmaker_id) {
      await db
        .insert(matchmaker_assignments)
        .values({ client_id: created.id, matchmaker_id, assigned_at: now });
      for (const trait of input.traits ?? []) {
        await db.insert(client_traits).values({
          client_id: created.id,
          trait,
          confidence: 1,
          source: 'matchmaker',
          evidence: null,
          status: 'confirmed',
          decided_by: matchmaker_id,
          decided_at: now,
          created_at: now,
          updated_at: now,
        });
        await db.insert(client_trait_events).values({
          client_id: created.id,
          trait,
          source: 'matchmaker',
          action: 'added',
          actor_id: matchmaker_id,
          created_at: now,
        });
      }
      if (input.intake) {
        const scheduled_at = new Date(input.intake.scheduled_at);
        const held = input.intake.status === 'completed';
        if (held && scheduled_at > now) throw new AppError('BAD_REQUEST', 'Een gehouden intake ligt voor nu');
        await createIntakeSession(db, {
          user_id: created.id,
          assigned_matchmaker_id: matchmaker_id,
          scheduled_at,
          session_type: 'intake',
          status: input.intake.status,
          calendly_event_id: `e2e-event-${randomUUID()}`,
          join_url: `https://meet.koppel.example/e2e-${created.id}`,
          created_at: now,
          updated_at: now,
          completed_at: held ? scheduled_at : null,
        });
      }
      if (input.matchmaker_feedback_requested_at) {
        await createFeedbackRequest(db, {
          client_id: created.id,
          matchmaker_id,
          request_type: 'periodic',
          created_at: new Date(input.matchmaker_feedback_requested_at),
        });
      }
    }
    return { id: created.id, ...fields };
  });
}

export interface FactoryMatchmakerInput extends AccountInput {
  /** On the public pages (the landing page, /matchmakers, their own page); off by default. */
  is_active: boolean;
  bio?: string;
  about_me?: string;
  calendly_link?: string;
}

/**
 * A matchmaker, not on the public pages unless asked: the site's tests check the demo's public
 * team exactly, and a test's own matchmaker may not show up there while they run.
 */
export async function createFactoryMatchmaker({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: FactoryMatchmakerInput;
}): Promise<FactoryAccount & { slug: string }> {
  const now = ctx.clock.now();
  const fields = accountFields(input, 'Matchmaker');
  return ctx.transaction(async (tx) => {
    await refuseTakenEmail(tx.db, fields.email);
    const created = await createMatchmaker(tx.db, {
      ...userRow(fields, now),
      matchmaker: {
        is_active: input.is_active,
        bio: input.bio,
        about_me: input.about_me,
        calendly_link: input.calendly_link,
        created_at: now,
      },
    });
    const [profile] = await tx.db
      .select({ slug: matchmaker_profiles.slug })
      .from(matchmaker_profiles)
      .where(eq(matchmaker_profiles.id, created.id));
    return { id: created.id, ...fields, slug: profile!.slug };
  });
}

/** An admin, for a test whose admin changes things (or a server without the demo data). */
export async function createFactoryAdmin({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: AccountInput;
}): Promise<FactoryAccount> {
  const now = ctx.clock.now();
  const fields = accountFields(input, 'Beheerder');
  return ctx.transaction(async (tx) => {
    await refuseTakenEmail(tx.db, fields.email);
    const created = await createAdmin(tx.db, userRow(fields, now));
    return { id: created.id, ...fields };
  });
}

export interface FactoryMatchInput {
  client_a: string;
  client_b: string;
  matchmaker_id?: string;
  status: MatchStatus;
  note?: string;
  proposed_at?: string;
  scheduled_at?: string;
  accepted_by?: string;
  rejection_reason?: string;
  /**
   * One of the two clients of a completed match: their open `post_match` request for feedback on
   * their matchmaker, asked now (as the `feedback-requests` job would, without its e-mail).
   */
  feedback_requested_of?: string;
}

/**
 * A match in any status with the rows the product writes on the way there (`createMatch`):
 * answers, acceptance, a date after it. Its story must fit the clock, else 400.
 */
/** The client's `post_match` request about their own matchmaker (the job's rule for who is asked). */
async function askAfterDate(
  db: Db,
  match: { id: string; status: string; client1_id: string; client2_id: string },
  clientId: string,
  ctx: AppContext,
) {
  if (match.status !== 'completed' || (clientId !== match.client1_id && clientId !== match.client2_id)) {
    throw new AppError('BAD_REQUEST', 'Een vraag na de date: voor een klant van een afgeronde match');
  }
  const [client] = await db
    .select({ matchmaker_id: user_profiles.assigned_matchmaker_id })
    .from(user_profiles)
    .where(eq(user_profiles.id, clientId));
  if (!client?.matchmaker_id) throw new AppError('BAD_REQUEST', 'Een vraag na de date vraagt een matchmaker');
  await createFeedbackRequest(db, {
    client_id: clientId,
    matchmaker_id: client.matchmaker_id,
    request_type: 'post_match',
    match_id: match.id,
    created_at: ctx.clock.now(),
  });
}

export async function createFactoryMatch({ ctx, input }: { ctx: AppContext; input: FactoryMatchInput }) {
  if (input.client_a === input.client_b) throw new AppError('BAD_REQUEST', 'Kies twee verschillende klanten');
  return ctx.transaction(async (tx) => {
    const clients = await tx.db
      .select({ id: user_profiles.id })
      .from(user_profiles)
      .where(
        and(inArray(user_profiles.id, [input.client_a, input.client_b]), eq(user_profiles.role, 'client')),
      );
    if (clients.length !== 2) throw new AppError('NOT_FOUND', 'Geen klant met deze id');
    if (input.matchmaker_id) await findMatchmaker(tx.db, input.matchmaker_id);
    const [client1_id, client2_id] = [input.client_a, input.client_b].sort();
    const [existing] = await tx.db
      .select({ id: matches.id })
      .from(matches)
      .where(and(eq(matches.client1_id, client1_id!), eq(matches.client2_id, client2_id!)));
    if (existing) throw new AppError('DUPLICATE_MATCH');
    try {
      const match = await createMatch(tx.db, {
        clientA: input.client_a,
        clientB: input.client_b,
        matchmaker_id: input.matchmaker_id ?? null,
        status: input.status,
        note: input.note,
        proposed_at: input.proposed_at ? new Date(input.proposed_at) : undefined,
        scheduled_at: input.scheduled_at ? new Date(input.scheduled_at) : undefined,
        accepted_by: input.accepted_by,
        rejection_reason: input.rejection_reason,
        now: ctx.clock.now(),
      });
      if (input.feedback_requested_of) await askAfterDate(tx.db, match, input.feedback_requested_of, ctx);
      return {
        id: match.id,
        status: match.status,
        proposed_at: match.proposed_to_clients_at?.toISOString() ?? null,
        accepted_at: match.accepted_at?.toISOString() ?? null,
        scheduled_at: match.scheduled_at?.toISOString() ?? null,
        completed_at: match.completed_at?.toISOString() ?? null,
      };
    } catch (error) {
      // The factory's own rules (answers before now, a date after the acceptance): the caller's story.
      if (error instanceof AppError) throw error;
      throw new AppError('BAD_REQUEST', (error as Error).message);
    }
  });
}
