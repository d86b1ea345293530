import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import {
  DOWNGRADE_TIER,
  FEEDBACK_REQUEST_EXPIRY_DAYS,
  type Gender,
  INTAKE_FEEDBACK_DUE_DAYS,
  type MatchStatus,
  PAID_TIER_TERM_MONTHS,
  REGIONS,
  type SubscriptionStatus,
  TIERS,
  type Tier,
} from '../../shared/domain';
import { PACKAGE_DATES_INCLUDED } from '../../shared/magic-match';
import { addMonths, contractStatusForMembership } from '../../shared/payments';
import {
  ORIENTATION_CONSENT_VERSION,
  PHOTO_SIZE_KEYS,
  PHOTO_SIZES,
  type PhotoSize,
  photoStorageKey,
} from '../../shared/profile';
import { nextWorkingMoment } from '../../shared/working-hours';
import { type Env, LOCAL_SELLER } from '../env';
import {
  appendClientMessage,
  appendMessage,
  postDebriefQuestions,
} from '../features/messages/conversation-rules';
import { invoiceBuyer, issueDocument } from '../features/payments/invoices.service';
import { createPromisedTasks } from '../features/tasks/promised-tasks';
import type { Db } from './client';
import {
  createAdmin,
  createClient,
  createFeedbackRequest,
  createIntakeFeedback,
  createIntakeSession,
  createMatch,
  createMatchFeedback,
  createMatchmaker,
  createPurchase,
} from './factories';
import { createQuizAttempt } from './quiz-factory';
import {
  account_settings,
  client_consents,
  client_photos,
  client_profiles,
  client_trait_events,
  client_traits,
  conversation_messages,
  matches,
  matchmaker_assignments,
  matchmaker_feedback,
  payments,
  staff_tasks,
  tagging_requests,
  user,
  user_profiles,
} from './schema';
import { type PairProfile, pairRuleFailures, periodicFeedbackAskable } from './seed-rules';
import { brusselsWallClock, type SeedClock, seedClock } from './seed-time';

export { DEMO_PASSWORD } from '../auth/common-passwords';

import { DEMO_PASSWORD } from '../auth/common-passwords';

const DAY = 86_400_000;
const FIRST_NAMES = [
  'Anke',
  'Bart',
  'Charlotte',
  'Dries',
  'Elke',
  'Frederik',
  'Griet',
  'Hannes',
  'Ilse',
  'Jens',
  'Katrien',
  'Lander',
  'Marie',
  'Niels',
  'Ongeline',
  'Pieter',
  'Quinten',
  'Roos',
  'Stijn',
  'Tine',
  'Ursula',
  'Vincent',
  'Wendy',
  'Xander',
  'Yana',
  'Zeno',
  'Amélie',
  'Brecht',
  'Céline',
  'Dieter',
  'Eline',
  'Filip',
  'Greet',
  'Hendrik',
  'Inge',
  'Joris',
  'Karen',
  'Lieven',
  'Nele',
  'Olivier',
  'Petra',
  'Ruben',
  'Sarah',
  'Thomas',
];
const WOMEN = new Set([
  'Anke',
  'Charlotte',
  'Elke',
  'Griet',
  'Ilse',
  'Katrien',
  'Marie',
  'Ongeline',
  'Roos',
  'Tine',
  'Ursula',
  'Wendy',
  'Yana',
  'Amélie',
  'Céline',
  'Eline',
  'Greet',
  'Inge',
  'Karen',
  'Nele',
  'Petra',
  'Sarah',
]);
const LAST_NAMES = [
  'Peeters',
  'Janssens',
  'Maes',
  'Jacobs',
  'Mertens',
  'Willems',
  'Claes',
  'Goossens',
  'Wouters',
  'De Smet',
  'Dubois',
  'Lambert',
  'Dupont',
  'Hermans',
  'Vermeulen',
  'Van den Broeck',
  'Michiels',
  'Desmet',
  'Lemmens',
  'Aerts',
];
const TOWNS: Record<(typeof REGIONS)[number], [string, number]> = {
  Antwerpen: ['Antwerpen', 2000],
  Limburg: ['Hasselt', 3500],
  'Oost-Vlaanderen': ['Gent', 9000],
  'West-Vlaanderen': ['Brugge', 8000],
  'Vlaams-Brabant': ['Leuven', 3000],
  Brussel: ['Brussel', 1000],
  'Waals-Brabant': ['Waver', 1300],
  Henegouwen: ['Bergen', 7000],
  Luik: ['Luik', 4000],
  Luxemburg: ['Aarlen', 6700],
  Namen: ['Namen', 5000],
};
const INTERESTS = [
  'wandelen',
  'koken',
  'reizen',
  'lezen',
  'muziek',
  'fietsen',
  'theater',
  'tuinieren',
  'yoga',
  'film',
];

/** A small deterministic random generator, so every demo install has the same people. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type MatchmakerKey = 'sofie' | 'lotte';

/**
 * A demo client's story in days before the seed's "now". Only what the client did is told here;
 * the states (term running, grace period, back to Relax) follow from the product's rules.
 */
export interface ClientStory {
  email: string;
  full_name: string;
  /** The tier bought; Relax: never paid. */
  bought: Tier;
  /** What the lifecycle makes of the purchase by now (checked when seeding); null on Relax. */
  subscription: SubscriptionStatus | null;
  matchmaker: MatchmakerKey | null;
  /** 'Lid sinds'. */
  member_days: number;
  paid_days?: number;
  cancelled_days?: number;
  /**
   * The intake: held this many days ago (the weekday before when that day is a weekend), or still
   * ahead when negative.
   */
  intake_days?: number;
  /** The Brussels time the intake starts, on a weekday between 9:00 and 16:00 (it lasts an hour). */
  intake_time?: string;
  intake_notes?: string;
  /** The intake time has passed but the matchmaker has not completed it yet (issue 15's dashboard). */
  intake_awaiting_notes?: boolean;
  /** Last seen (their own actions since then move it closer). */
  last_seen_days: number;
  age: number;
  /** Month and day of birth, 'MM-DD'. */
  birthday: string;
  gender: Gender;
  region: (typeof REGIONS)[number];
  interests: string[];
  about_me?: string;
  /** What they answered in 'Wie zoek je' and 'Levensstijl' (what the pair rule reads), when they did. */
  matching?: MatchingAnswers;
}

/** A proposal and how far it got, between client `a` (listed in the banner) and `b`. */
export interface MatchStory {
  a: string;
  b: string;
  by: MatchmakerKey;
  status: MatchStatus;
  proposed_days: number;
  /** A proposal `b` already said yes to. */
  accepted_by_b?: boolean;
  /** The date's evening (19:30 in Brussels): days ago, or ahead when negative. */
  date_days?: number;
  rejection_reason?: string;
  note: string;
}

/** When a purchase was paid to be in each state now: a 12-month term, then 14 days of grace. */
const PAID_DAYS_AGO = { grace_period: 370, expired: 440, cancelled: 150 } as const;
const CANCELLED_DAYS_AGO = 20;
/** The generated clients (by index) whose term is not simply running. */
const SPECIAL_STATES: Partial<Record<number, keyof typeof PAID_DAYS_AGO>> = {
  2: 'grace_period',
  7: 'expired',
  11: 'cancelled',
};
/** The generated client who paid three days ago: intake still ahead, contract pending. */
const NEWEST_CLIENT = 42;
/** The generated client whose intake with Sofie was this morning: Sofie still has to complete it. */
const AWAITING_NOTES_CLIENT = 34;
const GENERATED_CLIENTS = 44;

const klant = (n: number) => `klant${String(n).padStart(2, '0')}@koppel.example`;

/**
 * Issue 26: what the stories below need of a generated client, so every proposal between them
 * passes the pair rule (`pairRuleFailures`) and every note names only what both share.
 */
const STORY_OVERRIDES: Partial<Record<number, Partial<ClientStory>>> = {
  // Dries lives near Katrien, who marked distance as a dealbreaker.
  3: { region: 'Namen' },
  // Ongeline paid last week and had her intake a few days ago: her intake feedback is still open.
  14: { paid_days: 10 },
  // Issue 29: Relax+ bought last evening and the evening before: their welcome mails wait in the
  // queue of promised tasks (the later one is open, the earlier one open or done by its due time).
  37: { paid_days: 2 },
  41: { paid_days: 0 },
  // Stijn is within Emma's 32 to 42.
  18: { age: 39 },
  // Xander travels, like Wendy; Amélie loves the theatre, like Brecht.
  23: { interests: ['reizen', 'muziek', 'koken'] },
  26: { interests: ['theater', 'koken', 'muziek'] },
  // Filip walks and lives near Eline, who marked distance as a dealbreaker.
  31: { region: 'Luik', interests: ['wandelen', 'reizen', 'fietsen'] },
  // Joris is of Nele's age.
  35: { age: 45 },
  // Thomas cooks and walks, like Emma.
  43: { interests: ['koken', 'wandelen', 'reizen'] },
};
const INTAKE_TIMES = ['09:30', '10:00', '11:00', '13:30', '14:00', '15:00', '16:00'] as const;

function generatedClients(): ClientStory[] {
  const rand = random(2026);
  return Array.from({ length: GENERATED_CLIENTS }, (_, i): ClientStory => {
    const override = STORY_OVERRIDES[i] ?? {};
    const bought = TIERS[i % TIERS.length]!;
    const first = FIRST_NAMES[i % FIRST_NAMES.length]!;
    const last = LAST_NAMES[Math.floor(rand() * LAST_NAMES.length)]!;
    const paid = bought !== 'Relax';
    const personal = bought.startsWith('Persoonlijk');
    const special = SPECIAL_STATES[i];
    const paid_days =
      override.paid_days ??
      (!paid
        ? undefined
        : special
          ? PAID_DAYS_AGO[special]
          : i === NEWEST_CLIENT
            ? 3
            : 40 + ((i * 23) % 280));
    const member_days = (paid_days ?? 5) + 1 + ((i * 37) % (paid ? 90 : 700));
    const story: ClientStory = {
      email: klant(i + 1),
      full_name: `${first} ${last}`,
      bought,
      subscription: paid ? (special ?? 'active') : null,
      matchmaker: personal ? (i % 2 === 0 ? 'sofie' : 'lotte') : null,
      member_days,
      paid_days,
      cancelled_days: special === 'cancelled' ? CANCELLED_DAYS_AGO : undefined,
      intake_days: personal
        ? i === NEWEST_CLIENT
          ? -4
          : i === AWAITING_NOTES_CLIENT
            ? 0
            : paid_days! - 7
        : undefined,
      intake_time: personal ? INTAKE_TIMES[i % INTAKE_TIMES.length] : undefined,
      intake_awaiting_notes: i === AWAITING_NOTES_CLIENT || undefined,
      last_seen_days: (i * 13) % Math.min(member_days, 90),
      age: 22 + ((i * 7) % 48),
      birthday: `0${1 + (i % 9)}-1${i % 9}`,
      gender: i % 10 === 4 ? 'non_binary' : WOMEN.has(first) ? 'woman' : 'man',
      region: REGIONS[i % REGIONS.length]!,
      interests: INTERESTS.filter((_, k) => (k + i) % 3 === 0),
      ...override,
    };
    // Magic match needs what a complete profile holds: every client with a matchmaker answered
    // 'Wie zoek je' and 'Levensstijl' before the intake.
    return personal ? { ...story, matching: matchingProfile(story, i) } : story;
  });
}

/** Improvement texts of the demo intake feedback (issue 13); null: ratings only. */
const INTAKE_FEEDBACK_TEXTS: readonly (string | null)[] = [
  'Heel fijn gesprek, ik voelde me meteen op mijn gemak.',
  null,
  'Iets meer uitleg over wat er na de intake gebeurt.',
  'Graag een herinnering met de link de dag ervoor.',
  null,
  'Het gesprek mocht wat langer duren.',
  'Duidelijke vragen, maar het begon tien minuten te laat.',
];

/** Issue 17: texts of the demo matchmaker feedback (null: ratings only). */
const DEMO_MATCHMAKER_FEEDBACK: readonly { feedback: string | null; improvement: string | null }[] = [
  { feedback: 'Voelt echt persoonlijk, ze onthoudt wat ik vertel.', improvement: null },
  {
    feedback: 'Goede voorstellen, al duurde het even.',
    improvement: 'Iets sneller laten weten als er nog niets is.',
  },
  { feedback: null, improvement: 'Een korte update om de paar weken zou fijn zijn.' },
  { feedback: 'Eerlijk advies na mijn date, daar had ik wat aan.', improvement: null },
  { feedback: 'Vriendelijk en bereikbaar.', improvement: 'Meer voorstellen buiten mijn provincie.' },
];

/** Emma's complete profile (issue 14), with the consent for the genders sought. */
const EMMA_PROFILE = {
  height_cm: 168,
  education: 'master',
  profession: 'Architecte',
  languages: ['nl', 'fr', 'en'],
  seeking_genders: ['man'],
  age_min: 32,
  age_max: 42,
  max_distance_km: 80,
  relationship_sought: 'long_term',
  smoking: 'no',
  drinking: 'sometimes',
  has_children: false,
  wants_children: 'yes',
  religion: 'none',
  looking_for: 'Een rustige, warme man die graag wandelt, kookt en van een goed gesprek houdt.',
  dealbreakers: ['smoking'],
  completed_steps: ['about', 'seeking', 'lifestyle', 'own_words'],
};

/** What a client answered in 'Wie zoek je' and 'Levensstijl': what the pair rule reads of them. */
type MatchingAnswers = Pick<
  typeof client_profiles.$inferInsert,
  | 'seeking_genders'
  | 'age_min'
  | 'age_max'
  | 'max_distance_km'
  | 'relationship_sought'
  | 'smoking'
  | 'drinking'
  | 'wants_children'
  | 'religion'
  | 'dealbreakers'
  | 'completed_steps'
>;

/** Emma and Lucas of DESIGN.md, then the generated clients. */
export const DEMO_CLIENTS: readonly ClientStory[] = [
  {
    email: 'emma@koppel.example',
    full_name: 'Emma Claes',
    bought: 'Persoonlijk',
    subscription: 'active',
    matchmaker: 'sofie',
    member_days: 130,
    paid_days: 105,
    intake_days: 98,
    intake_time: '10:00',
    intake_notes:
      'Emma is rustig en zorgzaam, houdt van wandelen en koken. Rookt niet. Wil graag kinderen. Zoekt een man tussen 32 en 42 in Vlaams-Brabant.',
    last_seen_days: 1,
    age: 36,
    birthday: '04-12',
    gender: 'woman',
    region: 'Vlaams-Brabant',
    interests: ['wandelen', 'koken', 'theater'],
    about_me: 'Ik werk als architecte, wandel graag in het Zoniënwoud en kook voor vrienden.',
    matching: EMMA_PROFILE,
  },
  {
    email: 'lucas@koppel.example',
    full_name: 'Lucas Wouters',
    bought: 'Relax',
    subscription: null,
    matchmaker: null,
    member_days: 12,
    last_seen_days: 2,
    age: 33,
    birthday: '09-02',
    gender: 'man',
    region: 'Oost-Vlaanderen',
    interests: [],
  },
  ...generatedClients(),
];

/** A match in every status, each made by the matchmaker of (at least) client `a`. */
export const DEMO_MATCHES: readonly MatchStory[] = [
  // Issue 16: Emma's first date of her Persoonlijk package ('Date 1 van 4' on her dashboard).
  {
    a: 'emma@koppel.example',
    b: klant(19),
    by: 'sofie',
    status: 'completed',
    proposed_days: 60,
    date_days: 50,
    note: 'Jullie houden allebei van een rustige wandeling en een goed gesprek.',
  },
  {
    a: 'emma@koppel.example',
    b: klant(44),
    by: 'sofie',
    status: 'proposed',
    proposed_days: 1,
    note: 'Jullie delen de liefde voor koken en wandelen.',
  },
  {
    a: klant(23),
    b: klant(24),
    by: 'sofie',
    status: 'proposed',
    proposed_days: 2,
    accepted_by_b: true,
    note: 'Allebei houden jullie van reizen en een goed gesprek.',
  },
  {
    a: klant(11),
    b: klant(4),
    by: 'sofie',
    status: 'accepted',
    proposed_days: 4,
    note: 'Jullie wonen vlak bij elkaar en zijn allebei nieuwsgierig naar wat het leven nog brengt.',
  },
  {
    a: klant(31),
    b: klant(32),
    by: 'sofie',
    status: 'scheduled',
    proposed_days: 9,
    date_days: -3,
    note: 'Beiden houden van wandelen en jullie wonen allebei in de buurt van Luik.',
  },
  {
    a: klant(28),
    b: klant(27),
    by: 'lotte',
    status: 'completed',
    proposed_days: 30,
    date_days: 18,
    note: 'Twee levensgenieters met een voorliefde voor theater.',
  },
  {
    a: klant(16),
    b: klant(23),
    by: 'lotte',
    status: 'rejected',
    proposed_days: 12,
    rejection_reason: 'Er was geen klik bij zijn profiel.',
    note: 'Jullie zijn even oud en wonen op een halfuur van elkaar.',
  },
  {
    a: klant(36),
    b: klant(39),
    by: 'lotte',
    status: 'cancelled',
    proposed_days: 15,
    note: 'Jullie koken allebei graag en houden van muziek.',
  },
];

/**
 * Issue 17: Sofie's earlier proposals, decided months ago, so her public success rate comes from
 * outcomes (decision 017): 9 of the 11 accepted and held, 2 rejected. Not in the banner.
 * Issue 26: each pair is chosen by the pair rule (`pairRuleFailures`, at every age the two can have
 * had then), between clients active for matching on that day, one of them Sofie's, and within the
 * dates their packages include (`PACKAGE_DATES_INCLUDED`, stories above counted).
 */
export const DEMO_PAST_MATCHES: readonly MatchStory[] = (() => {
  const REJECTED = new Set([4, 9]);
  const dates = new Map<string, number>();
  const counts = (m: MatchStory) => m.status !== 'rejected' && m.status !== 'cancelled';
  for (const m of DEMO_MATCHES.filter(counts)) {
    for (const email of [m.a, m.b]) dates.set(email, (dates.get(email) ?? 0) + 1);
  }
  const paired = new Set(DEMO_MATCHES.map((m) => [m.a, m.b].sort().join()));
  const chosen: MatchStory[] = [];
  for (let k = 0; k < 11; k++) {
    const proposed_days = 50 + 8 * k;
    const rejected = REJECTED.has(k);
    // Not Emma: her dashboard shows the first date of her package (issue 16).
    const open = DEMO_CLIENTS.filter(
      (c) =>
        c.email.startsWith('klant') &&
        activeForMatchingOn(c, proposed_days) &&
        (rejected || (dates.get(c.email) ?? 0) < PACKAGE_DATES_INCLUDED),
    );
    const guided = open.filter((c) => c.matchmaker === 'sofie');
    // Round the guided clients, from the k-th on: the first with a partner the rule allows.
    const pair = guided
      .map((_, n) => guided[(k + n) % guided.length]!)
      .flatMap((a) => open.filter((b) => b !== a).map((b) => [a, b] as const))
      .find(([a, b]) => !paired.has([a.email, b.email].sort().join()) && pairAllowedAtAnyAge(a, b));
    if (!pair) throw new Error(`no pair for Sofie's earlier proposal ${k}`);
    const [a, b] = pair;
    const story: MatchStory = {
      a: a.email,
      b: b.email,
      by: 'sofie',
      status: rejected ? 'rejected' : 'completed',
      proposed_days,
      date_days: rejected ? undefined : proposed_days - 6,
      rejection_reason: rejected ? 'We zoeken elk iets anders.' : undefined,
      note: 'Een eerder voorstel van Sofie.',
    };
    paired.add([a.email, b.email].sort().join());
    if (counts(story)) for (const email of [a.email, b.email]) dates.set(email, (dates.get(email) ?? 0) + 1);
    chosen.push(story);
  }
  return chosen;
})();

/**
 * A client active for matching `days` days ago: their intake held before, their paid term running
 * (not yet at its end, not cancelled). The day granularity of the stories, with a margin.
 */
function activeForMatchingOn(story: ClientStory, days: number): boolean {
  if (!story.matchmaker || !story.matching || story.intake_awaiting_notes) return false;
  if (story.intake_days === undefined || story.intake_days <= days + 3) return false;
  if (story.paid_days === undefined || story.paid_days - 360 >= days) return false;
  return story.cancelled_days === undefined || story.cancelled_days < days - 1;
}

/** The story's profile as the pair rule reads it, with a birth date `age` years before `on`. */
function storyPairProfile(story: ClientStory, birthDate: string): PairProfile {
  const m = story.matching;
  return {
    id: story.email,
    gender: story.gender,
    birth_date: birthDate,
    seeking_genders: m?.seeking_genders ?? [],
    age_min: m?.age_min ?? null,
    age_max: m?.age_max ?? null,
    max_distance_km: m?.max_distance_km ?? null,
    dealbreakers: m?.dealbreakers ?? [],
    smoking: m?.smoking ?? null,
    wants_children: m?.wants_children ?? null,
    religion: m?.religion ?? null,
    relationship_sought: m?.relationship_sought ?? null,
    interests: story.interests,
    postcode: TOWNS[story.region][1],
  };
}

/**
 * The pair rule holds for two stories whatever the day of seeding: at each age either can have on
 * a day in the past year (their story age, or one or two years less before this year's birthday).
 */
export function pairAllowedAtAnyAge(a: ClientStory, b: ClientStory): boolean {
  const on = new Date(Date.UTC(2000, 5, 15));
  const born = (story: ClientStory, younger: number) => `${2000 - story.age + younger}-06-15`;
  return [0, 1, 2].every((x) =>
    [0, 1, 2].every(
      (y) =>
        pairRuleFailures(storyPairProfile(a, born(a, x)), storyPairProfile(b, born(b, y)), on).length === 0,
    ),
  );
}

const MATCH_STATE_TEXT: Record<MatchStatus, (who: string) => string> = {
  proposed: (who) => `voorstel open met ${who}`,
  accepted: (who) => `allebei ja met ${who}, date nog te plannen`,
  scheduled: (who) => `date gepland met ${who}`,
  completed: (who) => `date gehad met ${who}`,
  rejected: (who) => `voorstel met ${who} afgewezen`,
  cancelled: (who) => `voorstel met ${who} verlopen zonder antwoord`,
};
const SUBSCRIPTION_STATE_TEXT: Partial<Record<SubscriptionStatus, string>> = {
  grace_period: 'in respijtperiode',
  expired: 'verlopen',
  cancelled: 'opgezegd',
};

/** 'Thomas (klant44)': how the banner names the other one of a match. */
function shortName(email: string): string {
  const story = DEMO_CLIENTS.find((c) => c.email === email)!;
  return `${story.full_name.split(' ')[0]} (${email.split('@')[0]})`;
}

/** What a client's line in the banner says: tier now, name, and their notable states. */
function clientRole(story: ClientStory): { role: string; notable: boolean } {
  const running = story.subscription === 'active' || story.subscription === 'grace_period';
  const tierNow = story.subscription === null || running ? story.bought : DOWNGRADE_TIER;
  const states: string[] = [];
  const subscriptionText = story.subscription && SUBSCRIPTION_STATE_TEXT[story.subscription];
  if (subscriptionText) states.push(`${story.bought} ${subscriptionText}`);
  if (story.intake_awaiting_notes) states.push('intake gehouden, nog af te ronden');
  for (const match of DEMO_MATCHES.filter((m) => m.a === story.email)) {
    const yes = match.accepted_by_b ? `, ${shortName(match.b).split(' ')[0]} zei al ja` : '';
    states.push(`${MATCH_STATE_TEXT[match.status](shortName(match.b))}${yes}`);
  }
  const role = `klant, ${tierNow} (${story.full_name})${states.length ? `: ${states.join('; ')}` : ''}`;
  return { role, notable: states.length > 0 };
}

/**
 * The demo logins the start-up banner and the README list: staff, Emma and Lucas, and every
 * generated client whose state is worth a look. Built from the stories the seed writes.
 */
export const DEMO_LOGINS: readonly { email: string; role: string }[] = [
  { email: 'beheer@koppel.example', role: 'beheerder' },
  { email: 'sofie@koppel.example', role: 'matchmaker (Sofie Peeters)' },
  { email: 'lotte.wout@koppel.example', role: 'matchmaker (Lotte & Wout Janssens)' },
  { email: 'marc@koppel.example', role: 'matchmaker, inactief (Marc Dubois)' },
  ...DEMO_CLIENTS.flatMap((story, index) => {
    const { role, notable } = clientRole(story);
    return index < 2 || notable ? [{ email: story.email, role }] : [];
  }),
];

/** The banner's last line: the generated clients as a range. */
export const DEMO_GENERATED_LOGINS = {
  email: `${klant(1).split('@')[0]} … ${klant(GENERATED_CLIENTS)}`,
  role: 'gegenereerde klanten van elk lidmaatschap, elke regio en leeftijd',
};

/**
 * The demo data of DESIGN.md, as of `now` (the server's clock). Runs once: a database that already
 * has the demo admin is left alone, and everything is written in one transaction, so a failed
 * seed leaves nothing half-done. Every row is one the product's rules would have written: a
 * purchase and its term through the lifecycle, answers before acceptance, a date after it.
 */
/** Where the seed writes the demo photos (the app's file storage); without it, no photos are seeded. */
export interface SeedFiles {
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
}

/** Issue 16: traits the matchmakers confirmed for the active generated clients (two each). */
const DEMO_TRAITS = [
  'calm',
  'caring',
  'sporty',
  'outdoorsy',
  'foodie',
  'social',
  'humorous',
  'adventurous',
  'organised',
  'spontaneous',
  'culture_lover',
  'traveller',
] as const;

/** Issue 16: what a generated client active for matching answered in 'Wie zoek je' and 'Levensstijl'. */
function matchingProfile(story: ClientStory, i: number): MatchingAnswers {
  const seeking =
    story.gender === 'woman' ? ['man'] : story.gender === 'man' ? ['woman'] : ['woman', 'man', 'non_binary'];
  return {
    seeking_genders: seeking,
    age_min: Math.max(18, story.age - 10),
    age_max: story.age + 10,
    max_distance_km: 75 + (i % 3) * 40,
    relationship_sought: (['long_term', 'marriage', 'long_term', 'friendship_first'] as const)[i % 4],
    smoking: i % 9 === 4 ? 'yes' : 'no',
    drinking: 'sometimes',
    wants_children: (['yes', 'no', 'maybe'] as const)[i % 3],
    religion: (['none', 'christian', 'none', 'spiritual'] as const)[i % 4],
    dealbreakers: i % 5 === 0 ? ['distance'] : i % 7 === 0 ? ['children'] : [],
    completed_steps: ['about', 'seeking', 'lifestyle'],
  };
}

/** Traits a matchmaker added and confirmed (with the event the traits feature records). */
async function confirmTraits(
  db: Db,
  clientId: string,
  matchmakerId: string,
  traits: readonly string[],
  at: Date,
) {
  for (const trait of traits) {
    await db.insert(client_traits).values({
      client_id: clientId,
      trait,
      confidence: 1,
      source: 'matchmaker',
      evidence: null,
      status: 'confirmed',
      decided_by: matchmakerId,
      decided_at: at,
      created_at: at,
      updated_at: at,
    });
    await db.insert(client_trait_events).values({
      client_id: clientId,
      trait,
      source: 'matchmaker',
      action: 'added',
      actor_id: matchmakerId,
      created_at: at,
    });
  }
}

/** A soft portrait-like picture drawn at seed time (no binary files in git), in the stored sizes. */
async function demoPhotoSizes(hue: number) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1024" height="1024">
    <defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="hsl(${hue},60%,85%)"/><stop offset="1" stop-color="hsl(${hue + 30},55%,65%)"/>
    </linearGradient></defs>
    <rect width="1024" height="1024" fill="url(#g)"/>
    <circle cx="512" cy="400" r="170" fill="hsl(${hue},30%,45%)"/>
    <ellipse cx="512" cy="900" rx="330" ry="290" fill="hsl(${hue},30%,45%)"/>
  </svg>`;
  const sizes = {} as Record<PhotoSize, Buffer>;
  for (const size of PHOTO_SIZE_KEYS) {
    const { width, height, fit } = PHOTO_SIZES[size];
    sizes[size] = await sharp(Buffer.from(svg))
      .resize({ width, height, fit })
      .jpeg({ quality: 82 })
      .toBuffer();
  }
  return sizes;
}

export async function seedDemo(
  db: Db,
  now = new Date(),
  {
    files,
    seller = LOCAL_SELLER,
  }: {
    files?: SeedFiles;
    /** The seller on the demo invoices: the install's own (SELLER_*), else the demo agency. */
    seller?: Env['seller'];
  } = {},
): Promise<{ seeded: boolean }> {
  const [existing] = await db
    .select({ id: user.id })
    .from(user)
    .where(eq(user.email, 'beheer@koppel.example'));
  if (existing) return { seeded: false };

  let seeded = true;
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    // Issue 30: two servers starting together on one empty database both get here; the second
    // waits for the first's seed to commit, then finds it and leaves the demo as it is.
    await lockForSeeding(t);
    const [seededMeanwhile] = await t
      .select({ id: user.id })
      .from(user)
      .where(eq(user.email, 'beheer@koppel.example'));
    if (seededMeanwhile) {
      seeded = false;
      return;
    }
    const clock = seedClock(now);
    const password = DEMO_PASSWORD;

    const { id: adminId } = await createAdmin(t, {
      email: 'beheer@koppel.example',
      // Issue 30: a person's name, so the greeting is 'Welkom, Annelies', not 'Welkom, Koppel'.
      full_name: 'Annelies Wauters',
      password,
      created_at: clock.past(1600, '09:00'),
      updated_at: clock.past(1600, '09:00'),
      last_login_at: clock.past(1, '08:50'),
      last_activity_at: clock.past(1, '08:50'),
    });
    const sofie = await createMatchmaker(t, {
      email: 'sofie@koppel.example',
      full_name: 'Sofie Peeters',
      password,
      created_at: clock.past(1100, '09:00'),
      updated_at: clock.past(1100, '09:00'),
      last_login_at: clock.past(0, '08:45'),
      last_activity_at: clock.past(0, '08:45'),
      matchmaker: {
        profile_photo_url: '/images/matchmakers/sofie-peeters.svg',
        bio: 'Al twaalf jaar breng ik mensen samen die elkaar anders nooit waren tegengekomen.',
        about_me:
          'Ik ben psychologe van opleiding en woon met mijn gezin in Leuven. Ik luister graag, stel de juiste vragen en geloof dat de beste matches ontstaan wanneer je echt weet wat iemand drijft.',
        years_experience: 12,
        specialties: ['Hoogopgeleide professionals', 'Tweede liefde', '40-plussers'],
        calendly_link: 'https://calendly.com/koppel-sofie/intake',
        created_at: clock.past(1100, '09:00'),
        updated_at: clock.past(1100, '09:00'),
      },
    });
    const lotteWout = await createMatchmaker(t, {
      email: 'lotte.wout@koppel.example',
      full_name: 'Lotte & Wout Janssens',
      password,
      created_at: clock.past(700, '09:00'),
      updated_at: clock.past(700, '09:00'),
      last_login_at: clock.past(1, '17:20'),
      last_activity_at: clock.past(1, '17:20'),
      matchmaker: {
        bio: 'Als koppel weten we hoe het voelt om de ware te vinden: samen helpen we jou op weg.',
        years_experience: 5,
        specialties: ['Jonge professionals', 'Samengestelde gezinnen'],
        created_at: clock.past(700, '09:00'),
        updated_at: clock.past(700, '09:00'),
      },
    });
    await createMatchmaker(t, {
      email: 'marc@koppel.example',
      full_name: 'Marc Dubois',
      password,
      created_at: clock.past(1500, '09:00'),
      updated_at: clock.past(1500, '09:00'),
      last_login_at: clock.past(200, '16:10'),
      last_activity_at: clock.past(200, '16:10'),
      inactivity_status: 'inactive',
      matchmaker: {
        bio: 'Matchmaker in Brussel.',
        years_experience: 20,
        specialties: ['Franstalige klanten'],
        is_active: false,
        // Deactivated by the admin (decision 024): refused on every staff route.
        deactivated_at: clock.past(200, '17:00'),
        created_at: clock.past(1500, '09:00'),
        updated_at: clock.past(1500, '09:00'),
      },
    });
    const matchmakerId: Record<MatchmakerKey, string> = { sofie: sofie.id, lotte: lotteWout.id };

    const ids = new Map<string, string>();
    /** Each client's held intake: when it was completed (the hour after it began). */
    const intakeCompleted = new Map<string, Date>();
    for (const [index, story] of DEMO_CLIENTS.entries()) {
      const [town, postcode] = TOWNS[story.region];
      const times = clientTimes(clock, story);
      const created = await createClient(t, {
        email: story.email,
        full_name: story.full_name,
        password,
        created_at: times.member,
        updated_at: times.member,
        assigned_matchmaker_id: story.matchmaker && matchmakerId[story.matchmaker],
        // Matching starts after the intake, and ends with the paid term (issue 26).
        contract_status: contractStatusForMembership(
          {
            tier:
              story.subscription === 'expired' || story.subscription === 'cancelled'
                ? DOWNGRADE_TIER
                : story.bought,
            subscription_status: story.subscription,
            contract_status: story.matchmaker && times.intake?.completed ? 'active_for_matching' : 'pending',
          },
          Boolean(times.intake?.completed),
        ),
        last_login_at: times.lastSeen,
        last_activity_at: times.lastSeen,
        profile: {
          birth_date: birthDate(story, now),
          gender: story.gender,
          town,
          postcode,
          province: story.region,
          interests: story.interests,
          about_me: story.about_me,
        },
      });
      ids.set(story.email, created.id);
      if (times.paid) {
        const status = await createPurchase(t, {
          client_id: created.id,
          tier: story.bought,
          paid_at: times.paid,
          cancelled_at: times.cancelled ?? undefined,
          // Most Belgians pay online with Bancontact (issue 29); every fourth client by card.
          payment_method: index % 4 === 3 ? 'card' : 'bancontact',
          now,
        });
        if (status !== story.subscription) {
          throw new Error(`demo client ${story.email}: ${status}, not ${story.subscription}`);
        }
        await seedPromisedTasks(t, {
          client_id: created.id,
          tier: story.bought,
          paid_at: times.paid,
          now,
          adminId,
        });
      }
      if (story.matchmaker && times.intake && times.booked) {
        const { scheduled, completed } = times.intake;
        const slug = story.email.split('@')[0];
        const matchmaker_id = matchmakerId[story.matchmaker];
        let booked = times.booked;
        if (story.intake_notes) {
          // Issue 13: a first booking, for the weekday before, the client cancelled the evening
          // before it (kept, marked cancelled) and booked again at once.
          const first = clock.sameDayAs(
            scheduled,
            '11:00',
            brusselsWallClock(scheduled).weekday === 1 ? -3 : -1,
          );
          const cancelled = clock.sameDayAs(first, '18:40', -1);
          await createIntakeSession(t, {
            user_id: created.id,
            assigned_matchmaker_id: matchmaker_id,
            calendly_event_id: `demo-event-${slug}-cancelled`,
            scheduled_at: first,
            session_type: 'intake',
            status: 'cancelled',
            join_url: `https://meet.koppel.example/demo-${slug}-cancelled`,
            created_at: booked,
            updated_at: cancelled,
            cancelled_at: cancelled,
          });
          booked = new Date(cancelled.getTime() + 5 * 60_000);
        }
        const intake = await createIntakeSession(t, {
          user_id: created.id,
          assigned_matchmaker_id: matchmaker_id,
          scheduled_at: scheduled,
          session_type: 'intake',
          status: completed ? 'completed' : 'scheduled',
          matchmaker_notes: story.intake_notes,
          calendly_event_id: `demo-event-${slug}-intake`,
          join_url: `https://meet.koppel.example/demo-${slug}-intake`,
          created_at: booked,
          updated_at: completed ?? booked,
          completed_at: completed,
        });
        if (completed) intakeCompleted.set(story.email, completed);
        if (completed && story.intake_notes) {
          // Completing an intake with notes asks for trait tagging (issue 15): the first server to
          // start runs it, as it would have run after the intake.
          await t.insert(tagging_requests).values({
            client_id: created.id,
            reason: 'intake completed',
            requested_at: completed,
          });
        }
        if (completed) {
          // Completing an intake asks for feedback, due 7 days later: given two evenings later; a
          // request of the last 7 days is still open (issue 26: none stays open past its due date).
          const due = completed.getTime() + INTAKE_FEEDBACK_DUE_DAYS * DAY;
          const submitted = clock.sameDayAs(completed, '20:30', 2);
          const given = due <= now.getTime() && submitted.getTime() <= now.getTime();
          await createIntakeFeedback(t, {
            intake_session_id: intake.id,
            client_id: created.id,
            matchmaker_id,
            feedback_requested_at: completed,
            created_at: completed,
            updated_at: given ? submitted : completed,
            ...(given
              ? {
                  submitted_at: submitted,
                  overall_satisfaction_rating: 3 + (index % 3),
                  professionalism_rating: index % 4 === 0 ? null : 4 + (index % 2),
                  communication_rating: 3 + ((index + 1) % 3),
                  improvement_feedback: INTAKE_FEEDBACK_TEXTS[index % INTAKE_FEEDBACK_TEXTS.length] ?? null,
                }
              : {}),
          });
        }
        if (story.intake_notes) {
          // And a follow-up conversation ahead at the office, booked last week.
          await createIntakeSession(t, {
            user_id: created.id,
            assigned_matchmaker_id: matchmaker_id,
            calendly_event_id: `demo-event-${slug}-follow-up`,
            scheduled_at: clock.ahead(-9, '16:30', { weekday: true }),
            session_type: 'follow_up',
            status: 'scheduled',
            location: 'Kantoor Koppel, Leuven',
            created_at: clock.past(6, '09:40'),
            updated_at: clock.past(6, '09:40'),
          });
        }
      }
    }
    const id = (email: string) => ids.get(email)!;
    await seedInvoices(t, seller);

    // Emma's profile is complete (issue 14): every step, the consent, and two photos.
    const emma = id('emma@koppel.example');
    const emmaStory = DEMO_CLIENTS[0]!;
    await t.update(client_profiles).set(EMMA_PROFILE).where(eq(client_profiles.id, emma));
    await t.insert(client_consents).values({
      client_id: emma,
      kind: 'orientation',
      text_version: ORIENTATION_CONSENT_VERSION,
      given_at: clock.past(emmaStory.member_days - 1, '21:10'),
    });
    if (files) {
      for (const [index, hue] of [340, 20].entries()) {
        const [photo] = await t
          .insert(client_photos)
          .values({
            client_id: emma,
            width: 1024,
            height: 1024,
            created_at: clock.past(emmaStory.member_days - 1 - index, '21:20'),
          })
          .returning({ id: client_photos.id });
        const sizes = await demoPhotoSizes(hue);
        for (const size of PHOTO_SIZE_KEYS) {
          await files.put(photoStorageKey(emma, photo!.id, size), sizes[size], 'image/jpeg');
        }
      }
    }

    // Issue 16: magic match needs what a complete profile holds. Every generated client with a
    // matchmaker has the 'Wie zoek je' and lifestyle answers (with the consent); after a held intake,
    // traits their matchmaker confirmed, and every second one took the quiz.
    for (const [index, story] of DEMO_CLIENTS.entries()) {
      if (!story.email.startsWith('klant') || !story.matching) continue;
      if (story.intake_days === undefined || story.intake_days < 0) continue;
      const clientId = id(story.email);
      const i = index - 2;
      await t.update(client_profiles).set(story.matching).where(eq(client_profiles.id, clientId));
      await t.insert(client_consents).values({
        client_id: clientId,
        kind: 'orientation',
        text_version: ORIENTATION_CONSENT_VERSION,
        given_at: clock.past(story.paid_days! - 1, '21:10'),
      });
      const completed = intakeCompleted.get(story.email);
      if (!completed) continue;
      // Confirmed by the matchmaker half an hour after the intake ended.
      const decided = new Date(completed.getTime() + 30 * 60_000);
      const traits = [DEMO_TRAITS[i % DEMO_TRAITS.length]!, DEMO_TRAITS[(i + 5) % DEMO_TRAITS.length]!];
      await confirmTraits(t, clientId, matchmakerId[story.matchmaker!], traits, decided);
      const quizAt = clock.sameDayAs(completed, '20:30');
      if (i % 2 === 1 && quizAt <= now) {
        const answers = Object.fromEntries(
          Object.entries(DEMO_QUIZ_ANSWERS.emma).map(([q, v], k) => [q, 1 + ((v - 1 + ((i + k) % 3)) % 5)]),
        );
        await createQuizAttempt(t, {
          client_id: clientId,
          answers,
          started_at: quizAt,
          finished_at: new Date(quizAt.getTime() + 9 * 60_000),
        });
      }
    }
    await confirmTraits(
      t,
      emma,
      sofie.id,
      ['calm', 'caring', 'outdoorsy', 'foodie'],
      new Date(intakeCompleted.get(emmaStory.email)!.getTime() + 30 * 60_000),
    );

    // Every proposal passes the pair rule on the day it was made (issue 26), with the profiles the
    // clients have now: the same rows seed.test.ts holds against it.
    const pairProfileOf = async (email: string): Promise<PairProfile> => {
      const [row] = await t
        .select()
        .from(client_profiles)
        .where(eq(client_profiles.id, id(email)));
      return row!;
    };
    const writeMatch = async (story: MatchStory) => {
      const proposed = clock.past(story.proposed_days, PROPOSAL_TIME, { weekday: true });
      const failures = pairRuleFailures(await pairProfileOf(story.a), await pairProfileOf(story.b), proposed);
      if (failures.length > 0) {
        throw new Error(`demo proposal ${story.a} + ${story.b}: ${failures.join(', ')}`);
      }
      const held = story.status === 'completed';
      const date =
        story.date_days === undefined
          ? undefined
          : held
            ? clock.past(story.date_days, DATE_TIME)
            : clock.ahead(story.date_days, DATE_TIME);
      // The first answer the evening after the proposal, the second the day after at noon.
      const answered_at = [clock.sameDayAs(proposed, '20:10', 1), clock.sameDayAs(proposed, '12:40', 2)];
      return createMatch(t, {
        clientA: id(story.a),
        clientB: id(story.b),
        matchmaker_id: matchmakerId[story.by],
        status: story.status,
        note: story.note,
        proposed_at: proposed,
        scheduled_at: date,
        accepted_by: story.accepted_by_b ? id(story.b) : undefined,
        rejection_reason: story.rejection_reason,
        answered_at,
        // The matchmaker notes the date as held the next morning.
        completed_recorded_at: held && date ? clock.sameDayAs(date, '10:15', 1) : undefined,
        now,
      });
    };
    // Issue 32: the morning a date is noted as held, each client's matchmaker asks how it went, in
    // their conversation (the rule of the date's outcome); the client read it that evening.
    const debrief = async (match: Awaited<ReturnType<typeof writeMatch>>) => {
      if (!match.completed_recorded_at) return;
      const asked = match.completed_recorded_at;
      await postDebriefQuestions(t, { match, now: asked });
      const read = clock.sameDayAs(asked, '20:05');
      await t
        .update(conversation_messages)
        .set({ read_at: read, notified_at: read })
        .where(and(eq(conversation_messages.match_id, match.id), eq(conversation_messages.kind, 'debrief')));
    };
    for (const story of DEMO_PAST_MATCHES) await debrief(await writeMatch(story));
    for (const story of DEMO_MATCHES) {
      const match = await writeMatch(story);
      await debrief(match);
      if (match.completed_at) {
        await createMatchFeedback(t, {
          match_id: match.id,
          client_id: id(story.a),
          rating: 4,
          would_meet_again: true,
          feedback_text: 'Een fijne avond, we hebben afgesproken om elkaar terug te zien.',
          submitted_at: clock.sameDayAs(match.completed_recorded_at ?? match.completed_at, '21:00'),
        });
      }
    }

    // Issue 17: since when each client has their matchmaker (the day they booked the intake).
    const assigned = new Map<string, Date>();
    for (const story of DEMO_CLIENTS) {
      if (!story.matchmaker) continue;
      const at = clientTimes(clock, story).booked ?? clock.past(story.member_days, '19:45');
      assigned.set(story.email, at);
      await t.insert(matchmaker_assignments).values({
        client_id: id(story.email),
        matchmaker_id: matchmakerId[story.matchmaker],
        assigned_at: at,
      });
    }

    // Every three months a client with a matchmaker, a running paid term and a held intake is asked
    // about their matchmaker (the daily job's hour): first 3 months after the later of the
    // assignment and the intake, then every 3 months. A request of the last 14 days is open (Emma's,
    // Dries's); earlier ones were mostly answered two days later, every fourth left to expire.
    let history = 0;
    for (const story of DEMO_CLIENTS) {
      const completed = intakeCompleted.get(story.email);
      const since = assigned.get(story.email);
      if (!story.matchmaker || !completed || !since) continue;
      const times = clientTimes(clock, story);
      const termEnd = times.cancelled ?? (times.paid ? addMonths(times.paid, PAID_TIER_TERM_MONTHS) : null);
      const matchmaker_id = matchmakerId[story.matchmaker];
      let due = clock.sameDayAs(
        addMonths(completed > since ? completed : since, FEEDBACK_INTERVAL_MONTHS),
        '09:00',
      );
      while (
        due <= now &&
        periodicFeedbackAskable({
          hasMatchmaker: true,
          paidTermRunning: termEnd !== null && due < termEnd,
          intakeCompletedAt: completed,
        })
      ) {
        const expires = new Date(due.getTime() + FEEDBACK_REQUEST_EXPIRY_DAYS * DAY);
        const answeredAt = clock.sameDayAs(due, '20:15', 2);
        const open = expires > now;
        const answered = !open && history % 4 !== 3 && answeredAt <= now;
        const request = await createFeedbackRequest(t, {
          client_id: id(story.email),
          matchmaker_id,
          request_type: 'periodic',
          status: open ? 'pending' : answered ? 'completed' : 'expired',
          created_at: due,
          completed_at: answered ? answeredAt : null,
        });
        if (answered) {
          const text = DEMO_MATCHMAKER_FEEDBACK[history % DEMO_MATCHMAKER_FEEDBACK.length]!;
          await t.insert(matchmaker_feedback).values({
            client_id: id(story.email),
            matchmaker_id,
            feedback_request_id: request.id,
            communication_rating: 3 + (history % 3),
            preference_understanding_rating: history % 4 === 0 ? null : 3 + ((history + 1) % 3),
            match_quality_rating: 2 + (history % 4),
            responsiveness_rating: 3 + ((history + 2) % 3),
            overall_satisfaction_rating: 3 + ((history + 1) % 3),
            feedback_text: text.feedback,
            improvement_suggestions: text.improvement,
            is_anonymous: history % 2 === 1,
            feedback_period_start: addMonths(answeredAt, -FEEDBACK_INTERVAL_MONTHS),
            feedback_period_end: answeredAt,
            created_at: answeredAt,
          });
        }
        history++;
        if (open) break;
        due = clock.sameDayAs(addMonths(due, FEEDBACK_INTERVAL_MONTHS), '09:00');
      }
    }

    // Issue 32: Emma and Sofie write each other. Emma answered the debrief of her date with Stijn
    // that evening and Sofie replied the next morning; the day Sofie proposed Thomas, Emma asked
    // about him over lunch and Sofie answered that afternoon. Everything read: nothing waits.
    const stijnDate = DEMO_MATCHES.find((m) => m.a === emmaStory.email && m.status === 'completed')!;
    const [stijnMatch] = await t
      .select()
      .from(matches)
      .where(
        and(
          eq(matches.client1_id, [emma, id(stijnDate.b)].sort()[0]!),
          eq(matches.client2_id, [emma, id(stijnDate.b)].sort()[1]!),
        ),
      );
    const debriefAsked = stijnMatch!.completed_recorded_at!;
    const sofieWrites = (body: string, at: Date, read: Date) =>
      appendMessage(t, {
        client_id: emma,
        matchmaker_id: sofie.id,
        sender_id: sofie.id,
        sender_role: 'matchmaker',
        body,
        now: at,
        read_at: read,
      });
    const emmaWrites = (body: string, at: Date, read: Date) =>
      appendClientMessage(t, { client_id: emma, matchmaker_id: sofie.id, body, now: at, read_at: read });
    await emmaWrites(
      'Het was een fijne avond! Stijn is rustig en grappig, we wandelden langs de Schelde. Ik zie hem graag nog eens, maar ik weet nog niet of er meer in zit.',
      clock.sameDayAs(debriefAsked, '20:40'),
      clock.sameDayAs(debriefAsked, '09:15', 1),
    );
    await sofieWrites(
      'Fijn om te horen, Emma. Neem je tijd en laat me weten hoe het verder gaat. Je liefde voor wandelen en koken houd ik in gedachten bij een volgend voorstel.',
      clock.sameDayAs(debriefAsked, '09:20', 1),
      clock.sameDayAs(debriefAsked, '12:30', 1),
    );
    const thomasDate = DEMO_MATCHES.find((m) => m.a === emmaStory.email && m.status === 'proposed')!;
    const thomasProposed = clock.past(thomasDate.proposed_days, PROPOSAL_TIME, { weekday: true });
    await emmaWrites(
      'Dag Sofie, ik zag je voorstel met Thomas. Weet jij of hij ook graag in de Ardennen wandelt?',
      clock.sameDayAs(thomasProposed, '12:05'),
      clock.sameDayAs(thomasProposed, '14:15'),
    );
    await sofieWrites(
      'Dag Emma! Ja, hij trekt bijna elk weekend de natuur in, de Ardennen op kop. Neem gerust je tijd om te antwoorden.',
      clock.sameDayAs(thomasProposed, '14:20'),
      clock.sameDayAs(thomasProposed, '18:30'),
    );

    // Issue 14: Emma took the quiz before she paid (her results and the suggestions it made are
    // there to see); Lucas is halfway through his first attempt, so the quiz resumes where he was.
    const emmaQuiz = clock.past(120, '21:00');
    await createQuizAttempt(t, {
      client_id: id('emma@koppel.example'),
      answers: DEMO_QUIZ_ANSWERS.emma,
      started_at: emmaQuiz,
      finished_at: new Date(emmaQuiz.getTime() + 7 * 60_000),
    });
    await createQuizAttempt(t, {
      client_id: id('lucas@koppel.example'),
      answers: DEMO_QUIZ_ANSWERS.lucas,
      started_at: clock.past(2, '20:05'),
    });

    // Issue 14: settings to see. The first generated client without any match paused matching; Lotte
    // & Wout do not want a mail when a proposal expires.
    const inMatches = new Set([...DEMO_MATCHES, ...DEMO_PAST_MATCHES].flatMap((m) => [m.a, m.b]));
    const resting = DEMO_CLIENTS.find((c) => c.email.startsWith('klant') && !inMatches.has(c.email));
    if (resting) {
      const paused = clock.past(12, '21:30');
      await t.insert(account_settings).values({
        user_id: id(resting.email),
        matching_paused_at: paused,
        created_at: paused,
        updated_at: paused,
      });
    }
    const optedOut = clock.past(300, '11:20');
    await t.insert(account_settings).values({
      user_id: lotteWout.id,
      email_opt_outs: ['match-expired'],
      created_at: optedOut,
      updated_at: optedOut,
    });

    // What a client did since they were last seen (paying, booking, answering, feedback) counts as
    // activity, as a login would have recorded it; someone not seen for two months is inactive.
    await t.execute(sql`
      UPDATE ${user_profiles} p SET
        last_activity_at = a.seen,
        last_login_at = a.seen,
        inactivity_status = CASE WHEN a.seen < ${new Date(now.getTime() - 60 * DAY)} THEN 'inactive' ELSE 'active' END::inactivity_status
      FROM (
        SELECT p2.id, GREATEST(
          p2.last_activity_at,
          (SELECT max(paid_at) FROM payments WHERE client_id = p2.id),
          (SELECT max(created_at) FROM intake_sessions WHERE user_id = p2.id),
          (SELECT max(created_at) FROM client_match_responses WHERE client_id = p2.id),
          (SELECT max(submitted_at) FROM match_feedback WHERE client_id = p2.id),
          (SELECT max(completed_at) FROM feedback_requests WHERE client_id = p2.id)
        ) AS seen
        FROM user_profiles p2 WHERE p2.role = 'client'
      ) a
      WHERE p.id = a.id`);
  });
  return { seeded };
}

/** How often a server waiting for another's demo seed asks for the lock again. */
const SEED_LOCK_RETRY_MS = 100;

/**
 * The demo seed's transaction-level advisory lock, asked for again and again rather than waited
 * for in one statement (which the statement timeout would end while the other server seeds). Each
 * wait between two asks is short, well within PostgreSQL's idle-in-transaction timeout.
 */
async function lockForSeeding(db: Db) {
  for (;;) {
    const result = (await db.execute(
      sql`select pg_try_advisory_xact_lock(hashtext('koppel:demo-seed')) as locked`,
    )) as unknown as { rows: { locked: boolean }[] };
    const [row] = result.rows;
    if (row?.locked) return;
    await new Promise((resolve) => setTimeout(resolve, SEED_LOCK_RETRY_MS));
  }
}

/** Issue 26: proposals are made in the morning, dates are in the evening (Brussels). */
const PROPOSAL_TIME = '10:30';
const DATE_TIME = '19:30';
/** The three-monthly matchmaker-feedback request's interval (decision 016). */
const FEEDBACK_INTERVAL_MONTHS = 3;

/** The birth date that makes the story's age today, on the story's birthday. */
function birthDate(story: ClientStory, now: Date): string {
  return `${now.getUTCFullYear() - story.age}-${story.birthday}`;
}

/**
 * Issue 29 (decision 032): a purchase's promised tasks, made by the fulfilment's own function. A
 * task due by now was done by its matchmaker (a queued one by the admin) three quarters of an hour
 * into the first working hour after the purchase; the others are still open.
 */
async function seedPromisedTasks(
  t: Db,
  options: { client_id: string; tier: Tier; paid_at: Date; now: Date; adminId: string },
) {
  const { client_id, tier, paid_at, now, adminId } = options;
  const [payment] = await t
    .select({ id: payments.id })
    .from(payments)
    .where(eq(payments.client_id, client_id))
    .orderBy(sql`${payments.paid_at} DESC`)
    .limit(1);
  const tasks = await createPromisedTasks(t, { client_id, tier, payment_id: payment!.id, paid_at });
  const doneAt = new Date(nextWorkingMoment(paid_at).getTime() + 45 * 60_000);
  for (const task of tasks) {
    if (task.due_at > now) continue;
    await t
      .update(staff_tasks)
      .set({ done_at: doneAt < task.due_at ? doneAt : task.due_at, done_by: task.assignee_id ?? adminId })
      .where(eq(staff_tasks.id, task.id));
  }
}

/**
 * Issue 29 (decision 031): every demo purchase's invoice, issued by the fulfilment's own function
 * at the moment it was paid and to the buyer as the fulfilment names them. Issued in the order
 * the purchases were paid, so each year's numbers run without a gap and follow the dates, as an
 * accountant's series does.
 */
async function seedInvoices(t: Db, seller: Env['seller']) {
  const paid = await t
    .select({ payment: payments, email: user.email, full_name: user_profiles.full_name })
    .from(payments)
    .innerJoin(user, eq(user.id, payments.client_id))
    .innerJoin(user_profiles, eq(user_profiles.id, payments.client_id))
    .orderBy(payments.paid_at, payments.id);
  for (const { payment, email, full_name } of paid) {
    await issueDocument(
      t,
      { seller },
      {
        kind: 'invoice',
        payment: { ...payment, client_id: payment.client_id! },
        amountTotal: payment.amount_total,
        issuedAt: payment.paid_at,
        buyer: invoiceBuyer({ full_name, email }),
      },
    );
  }
}

/**
 * Issue 26: the moments of a client's story on the Brussels clock: member in the evening, paid in
 * the evening, intake booked the next day at noon, the intake on a weekday between 9:00 and 17:00
 * (completed when its hour is over), last seen in the evening.
 */
function clientTimes(clock: SeedClock, story: ClientStory) {
  const paid = story.paid_days === undefined ? null : clock.past(story.paid_days, '20:45');
  const booked = story.paid_days === undefined ? null : clock.past(Math.max(story.paid_days - 1, 0), '12:15');
  let intake: { scheduled: Date; completed: Date | null } | null = null;
  if (story.intake_days !== undefined) {
    const time = story.intake_time ?? '10:00';
    if (story.intake_days < 0) {
      intake = { scheduled: clock.ahead(story.intake_days, time, { weekday: true }), completed: null };
    } else {
      // Held: its hour is over (and, when completed, the matchmaker confirmed traits half an hour later).
      const scheduled = clock.past(story.intake_days, time, { weekday: true, lastsMinutes: 90 });
      intake = {
        scheduled,
        completed: story.intake_awaiting_notes ? null : new Date(scheduled.getTime() + 60 * 60_000),
      };
    }
  }
  return {
    member: clock.past(story.member_days, '19:30'),
    paid,
    booked,
    cancelled: story.cancelled_days === undefined ? null : clock.past(story.cancelled_days, '19:05'),
    intake,
    lastSeen: clock.past(story.last_seen_days, '21:00'),
  };
}

/**
 * Issue 14: the demo quiz answers (statement id → 1-5). Emma's fit her intake notes: calm, caring,
 * a planner who wants to share daily life; Lucas answered the first nine statements.
 */
export const DEMO_QUIZ_ANSWERS = {
  emma: {
    q01: 4,
    q02: 3,
    q03: 5,
    q04: 4,
    q05: 5,
    q06: 3,
    q07: 5,
    q08: 5,
    q09: 4,
    q10: 4,
    q11: 2,
    q12: 2,
    q13: 4,
    q14: 5,
    q15: 3,
    q16: 3,
    q17: 5,
    q18: 4,
    q19: 5,
    q20: 1,
    q21: 1,
    q22: 2,
    q23: 3,
    q24: 4,
    q25: 1,
  },
  lucas: { q01: 5, q02: 4, q03: 3, q04: 2, q05: 4, q06: 5, q07: 3, q08: 2, q09: 2 },
} as const satisfies Record<string, Record<string, number>>;
