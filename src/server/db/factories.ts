import { randomUUID } from 'node:crypto';
import { hashPassword } from 'better-auth/crypto';
import { eq } from 'drizzle-orm';
import { MATCH_RESPONSE_DEADLINE_DAYS, type MatchStatus, type Role, type Tier } from '../../shared/domain';
import { RESERVED_SLUGS } from '../../shared/routes';
import { MAX_SLUG_LENGTH, slugify, uniqueSlug } from '../../shared/slugify';
import type { Db } from './client';
import {
  account,
  client_profiles,
  feedback_requests,
  intake_feedback,
  intake_sessions,
  match_feedback,
  matches,
  matchmaker_profiles,
  user,
  user_profiles,
} from './schema';

/**
 * Factories for accounts and the records around them. The demo seed and the tests use these same
 * functions, so what the tests exercise is what the demo shows.
 */

const DAY = 86_400_000;
const hashes = new Map<string, Promise<string>>();
/** scrypt is slow on purpose; one hash per distinct password is enough for seeds and tests. */
const hashOnce = (password: string) => {
  let hash = hashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    hashes.set(password, hash);
  }
  return hash;
};

export const TEST_PASSWORD = 'koppel-test-2026';

type ProfileFields = Partial<Omit<typeof user_profiles.$inferInsert, 'id'>>;

export interface CreateUserOptions extends ProfileFields {
  email?: string;
  full_name?: string;
  password?: string;
  role?: Role;
  tier?: Tier;
  email_verified?: boolean;
}

export interface CreatedUser {
  id: string;
  email: string;
  full_name: string;
  password: string;
}

/** A user who can log in with e-mail and password; the trigger creates the profile row. */
export async function createUser(db: Db, options: CreateUserOptions = {}): Promise<CreatedUser> {
  const {
    email = `gebruiker-${randomUUID().slice(0, 8)}@test.koppel.example`,
    full_name = 'Test Gebruiker',
    password = TEST_PASSWORD,
    email_verified = true,
    ...profile
  } = options;
  const id = randomUUID();
  const passwordHash = await hashOnce(password);
  await db.transaction(async (tx) => {
    await tx
      .insert(user)
      .values({ id, name: full_name, email: email.toLowerCase(), emailVerified: email_verified });
    await tx.insert(account).values({
      id: randomUUID(),
      accountId: id,
      providerId: 'credential',
      userId: id,
      password: passwordHash,
    });
    if (Object.keys(profile).length > 0) {
      await tx.update(user_profiles).set(profile).where(eq(user_profiles.id, id));
    }
  });
  return { id, email: email.toLowerCase(), full_name, password };
}

export interface CreateClientOptions extends CreateUserOptions {
  profile?: Partial<Omit<typeof client_profiles.$inferInsert, 'id'>>;
}

export async function createClient(db: Db, options: CreateClientOptions = {}): Promise<CreatedUser> {
  const { profile, ...rest } = options;
  const created = await createUser(db, { full_name: 'Test Klant', ...rest, role: 'client' });
  if (profile) await db.insert(client_profiles).values({ id: created.id, ...profile });
  return created;
}

export interface CreateMatchmakerOptions extends CreateUserOptions {
  matchmaker?: Partial<Omit<typeof matchmaker_profiles.$inferInsert, 'id'>>;
}

export async function createMatchmaker(db: Db, options: CreateMatchmakerOptions = {}): Promise<CreatedUser> {
  const { matchmaker, ...rest } = options;
  const created = await createUser(db, { full_name: 'Test Matchmaker', ...rest, role: 'matchmaker' });
  // Spec section 2's slug; a name without Latin letters or digits still gets a page, and a very
  // long one a slug the page can be looked up by.
  const base =
    slugify(created.full_name)
      .slice(0, MAX_SLUG_LENGTH - 8)
      .replace(/-+$/, '') || 'koppel-matchmaker';
  const taken = new Set([
    ...RESERVED_SLUGS,
    ...(await db.select({ slug: matchmaker_profiles.slug }).from(matchmaker_profiles)).map((r) => r.slug),
  ]);
  await db
    .insert(matchmaker_profiles)
    .values({ id: created.id, slug: uniqueSlug(base, taken), ...matchmaker });
  return created;
}

export async function createAdmin(db: Db, options: CreateUserOptions = {}): Promise<CreatedUser> {
  return createUser(db, { full_name: 'Test Beheerder', ...options, role: 'admin' });
}

export interface CreateMatchOptions {
  clientA: string;
  clientB: string;
  matchmaker_id?: string | null;
  status?: MatchStatus;
  note?: string;
  proposed_at?: Date;
}

/** A match in any status, with the timestamps that status implies; ids are stored smaller first. */
export async function createMatch(db: Db, options: CreateMatchOptions) {
  const {
    clientA,
    clientB,
    matchmaker_id = null,
    status = 'proposed',
    note,
    proposed_at = new Date(),
  } = options;
  const [client1_id, client2_id] = clientA < clientB ? [clientA, clientB] : [clientB, clientA];
  const at = (days: number) => new Date(proposed_at.getTime() + days * DAY);
  const reached = (s: MatchStatus) => ['accepted', 'scheduled', 'completed'].includes(s);
  const [row] = await db
    .insert(matches)
    .values({
      client1_id,
      client2_id,
      matchmaker_id,
      status,
      note,
      proposed_to_clients_at: proposed_at,
      response_deadline: at(MATCH_RESPONSE_DEADLINE_DAYS),
      accepted_at: reached(status) ? at(2) : null,
      scheduled_at: status === 'scheduled' || status === 'completed' ? at(9) : null,
      completed_at: status === 'completed' ? at(9) : null,
      cancelled_at: status === 'cancelled' ? at(MATCH_RESPONSE_DEADLINE_DAYS) : null,
      created_at: proposed_at,
      updated_at: proposed_at,
    })
    .returning();
  return row!;
}

export async function createIntakeSession(db: Db, options: Omit<typeof intake_sessions.$inferInsert, 'id'>) {
  const [row] = await db.insert(intake_sessions).values(options).returning();
  return row!;
}

export async function createMatchFeedback(db: Db, options: Omit<typeof match_feedback.$inferInsert, 'id'>) {
  const [row] = await db.insert(match_feedback).values(options).returning();
  return row!;
}

export async function createFeedbackRequest(
  db: Db,
  options: Omit<typeof feedback_requests.$inferInsert, 'id' | 'expires_at'> & { expires_at?: Date },
) {
  const [row] = await db
    .insert(feedback_requests)
    .values({ expires_at: new Date(Date.now() + 14 * DAY), ...options })
    .returning();
  return row!;
}

export async function createIntakeFeedback(db: Db, options: Omit<typeof intake_feedback.$inferInsert, 'id'>) {
  const [row] = await db.insert(intake_feedback).values(options).returning();
  return row!;
}
