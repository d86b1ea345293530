import type { APIRequestContext } from '@playwright/test';
import { expect } from './fixtures';

/**
 * Accounts and matches made for one test by the server's factory (/dev/factory, local installs
 * only), with the demo seed's own factories. A test that changes something changes only what it
 * made here; the demo accounts are for reading the demo's story.
 */

export interface Account {
  id: string;
  email: string;
  password: string;
  firstName: string;
  surname: string;
  fullName: string;
}

export interface Matchmaker extends Account {
  slug: string;
}

/** A few random letters: names unique to this run, so a search finds exactly one. */
export const letters = () =>
  Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');

type Gender = 'woman' | 'man' | 'non_binary';

export interface ClientOptions {
  /** The surname; by default a unique one. */
  surname?: string;
  /** The whole first name as given (by default `first` with a few unique letters after it). */
  exactFirstName?: boolean;
  email?: string;
  /** By default the factory's own (the account's `password`). */
  password?: string;
  tier?: 'Relax' | 'Relax+' | 'Persoonlijk' | 'Persoonlijk+';
  /** When the paid tier was bought (by default a minute ago). */
  paidAt?: Date;
  /** Their matchmaker (since now). */
  matchmaker?: { id: string };
  /** As after a held intake: ready for proposals. */
  activeForMatching?: boolean;
  profile?: {
    birth_date?: string;
    gender?: Gender;
    postcode?: number;
    town?: string;
    province?: string;
    interests?: string[];
    seeking_genders?: Gender[];
    age_min?: number;
    age_max?: number;
    max_distance_km?: number;
    relationship_sought?: string;
    smoking?: 'no' | 'sometimes' | 'yes';
    wants_children?: 'yes' | 'no' | 'maybe';
    religion?: string;
    dealbreakers?: string[];
    height_cm?: number;
    education?: string;
    profession?: string;
    languages?: string[];
    drinking?: 'no' | 'sometimes' | 'yes';
    has_children?: boolean;
    about_me?: string;
    looking_for?: string;
    completed_steps?: ('about' | 'seeking' | 'lifestyle' | 'own_words')[];
  };
  /** Trait keys their matchmaker confirmed. */
  traits?: string[];
  intake?: { scheduledAt: Date; status: 'scheduled' | 'completed' };
  /** An open periodic request for feedback on their matchmaker, asked then. */
  matchmakerFeedbackRequestedAt?: Date;
  /** A quiz attempt: answers by statement id (1-5), finished (scored) or under way. */
  quiz?: { answers: Record<string, number>; finished: boolean };
}

function account(reply: {
  id: string;
  email: string;
  password: string;
  first_name: string;
  surname: string;
  full_name: string;
}): Account {
  return {
    id: reply.id,
    email: reply.email,
    password: reply.password,
    firstName: reply.first_name,
    surname: reply.surname,
    fullName: reply.full_name,
  };
}

async function post<T>(request: APIRequestContext, path: string, data: unknown): Promise<T> {
  const response = await request.post(`/dev/factory/${path}`, { data });
  expect(response.status(), `POST /dev/factory/${path}: ${await response.text()}`).toBe(201);
  return (await response.json()) as T;
}

/** A confirmed client whose first name starts with `first` (unique unless `exactFirstName`). */
export async function makeClient(
  request: APIRequestContext,
  first: string,
  options: ClientOptions = {},
): Promise<Account> {
  const reply = await post<Parameters<typeof account>[0]>(request, 'clients', {
    first_name: options.exactFirstName ? first : `${first}${letters()}`,
    surname: options.surname ?? `Vandamme${letters()}`,
    email: options.email,
    password: options.password,
    tier: options.tier,
    paid_at: options.paidAt?.toISOString(),
    matchmaker_id: options.matchmaker?.id,
    active_for_matching: options.activeForMatching,
    profile: options.profile,
    traits: options.traits,
    intake: options.intake && {
      scheduled_at: options.intake.scheduledAt.toISOString(),
      status: options.intake.status,
    },
    matchmaker_feedback_requested_at: options.matchmakerFeedbackRequestedAt?.toISOString(),
    quiz: options.quiz,
  });
  return account(reply);
}

/**
 * Two clients of `matchmaker`, ready for a proposal: each seeks the other's gender and has no age
 * range, distance or dealbreaker the other crosses (issue 26, decision 026). Non-binary clients
 * seeking each other, so they are nobody else's magic match candidates.
 */
export async function makeMatchableClients(
  request: APIRequestContext,
  matchmaker: { id: string },
  firsts: [string, string],
): Promise<[Account, Account]> {
  const profile = {
    gender: 'non_binary' as const,
    seeking_genders: ['non_binary' as const],
    birth_date: '1988-03-14',
  };
  const options = { matchmaker, activeForMatching: true, profile };
  return [await makeClient(request, firsts[0], options), await makeClient(request, firsts[1], options)];
}

/**
 * A matchmaker of this test alone. Not on the public pages unless `isActive`: the site's tests
 * check the demo team exactly.
 */
export async function makeMatchmaker(
  request: APIRequestContext,
  first = 'Mirte',
  options: {
    surname?: string;
    email?: string;
    isActive?: boolean;
    bio?: string;
    aboutMe?: string;
    calendlyLink?: string;
  } = {},
): Promise<Matchmaker> {
  const reply = await post<Parameters<typeof account>[0] & { slug: string }>(request, 'matchmakers', {
    first_name: first,
    surname: options.surname ?? `Koppelaar${letters()}`,
    email: options.email,
    is_active: options.isActive,
    bio: options.bio,
    about_me: options.aboutMe,
    calendly_link: options.calendlyLink,
  });
  return { ...account(reply), slug: reply.slug };
}

/**
 * An admin of this test alone (logging in by e-mail). The name is short, as the demo's: a long one
 * makes the history table of a client scroll sideways (axe: scrollable-region-focusable).
 */
export async function makeAdmin(
  request: APIRequestContext,
  first = 'Bea',
  surname = 'Beheer',
): Promise<Account> {
  return account(
    await post<Parameters<typeof account>[0]>(request, 'admins', { first_name: first, surname }),
  );
}

export interface MadeMatch {
  id: string;
  status: string;
  proposedAt: Date;
  acceptedAt: Date | null;
  scheduledAt: Date | null;
}

/** A match in `status` with the rows the product writes on the way there. */
export async function makeMatch(
  request: APIRequestContext,
  options: {
    clients: [{ id: string }, { id: string }];
    matchmaker?: { id: string };
    status?: 'proposed' | 'accepted' | 'rejected' | 'scheduled' | 'completed' | 'cancelled';
    note?: string;
    proposedAt?: Date;
    scheduledAt?: Date;
    acceptedBy?: { id: string };
    /** A completed date: this client's open request for feedback on their matchmaker (issue 26). */
    feedbackRequestedOf?: { id: string };
  },
): Promise<MadeMatch> {
  const reply = await post<{
    id: string;
    status: string;
    proposed_at: string;
    accepted_at: string | null;
    scheduled_at: string | null;
  }>(request, 'matches', {
    client_a: options.clients[0].id,
    client_b: options.clients[1].id,
    matchmaker_id: options.matchmaker?.id,
    status: options.status,
    note: options.note,
    proposed_at: options.proposedAt?.toISOString(),
    scheduled_at: options.scheduledAt?.toISOString(),
    accepted_by: options.acceptedBy?.id,
    feedback_requested_of: options.feedbackRequestedOf?.id,
  });
  const date = (value: string | null) => (value ? new Date(value) : null);
  return {
    id: reply.id,
    status: reply.status,
    proposedAt: new Date(reply.proposed_at),
    acceptedAt: date(reply.accepted_at),
    scheduledAt: date(reply.scheduled_at),
  };
}
