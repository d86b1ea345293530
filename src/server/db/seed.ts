import { eq } from 'drizzle-orm';
import { MATCH_STATUSES, REGIONS, TIERS, type Tier } from '../../shared/domain';
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
} from './factories';
import { matchmaker_feedback, user } from './schema';

export const DEMO_PASSWORD = 'koppel-demo-2026';

export const DEMO_LOGINS = [
  { email: 'beheer@koppel.example', role: 'beheerder' },
  { email: 'sofie@koppel.example', role: 'matchmaker (Sofie Peeters)' },
  { email: 'lotte.wout@koppel.example', role: 'matchmaker (Lotte & Wout Janssens)' },
  { email: 'marc@koppel.example', role: 'matchmaker, inactief (Marc Dubois)' },
  { email: 'emma@koppel.example', role: 'klant, Persoonlijk (Emma Claes)' },
  { email: 'lucas@koppel.example', role: 'klant, Relax (Lucas Wouters)' },
] as const;

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

/**
 * The demo data of DESIGN.md. Runs once: a database that already has the demo admin is left alone,
 * and everything is written in one transaction, so a failed seed leaves nothing half-done.
 */
export async function seedDemo(db: Db, now = new Date()): Promise<{ seeded: boolean }> {
  const [existing] = await db
    .select({ id: user.id })
    .from(user)
    .where(eq(user.email, 'beheer@koppel.example'));
  if (existing) return { seeded: false };

  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const ago = (days: number) => new Date(now.getTime() - days * DAY);
    const ahead = (days: number) => new Date(now.getTime() + days * DAY);
    const password = DEMO_PASSWORD;

    await createAdmin(t, { email: 'beheer@koppel.example', full_name: 'Koppel Beheer', password });
    const sofie = await createMatchmaker(t, {
      email: 'sofie@koppel.example',
      full_name: 'Sofie Peeters',
      password,
      matchmaker: {
        profile_photo_url: '/images/matchmakers/sofie-peeters.svg',
        bio: 'Al twaalf jaar breng ik mensen samen die elkaar anders nooit waren tegengekomen.',
        about_me:
          'Ik ben psychologe van opleiding en woon met mijn gezin in Leuven. Ik luister graag, stel de juiste vragen en geloof dat de beste matches ontstaan wanneer je echt weet wat iemand drijft.',
        success_rate: 87,
        years_experience: 12,
        specialties: ['Hoogopgeleide professionals', 'Tweede liefde', '40-plussers'],
        calendly_link: 'https://calendly.com/koppel-sofie/intake',
      },
    });
    const lotteWout = await createMatchmaker(t, {
      email: 'lotte.wout@koppel.example',
      full_name: 'Lotte & Wout Janssens',
      password,
      matchmaker: {
        bio: 'Als koppel weten we hoe het voelt om de ware te vinden: samen helpen we jou op weg.',
        years_experience: 5,
        specialties: ['Jonge professionals', 'Samengestelde gezinnen'],
      },
    });
    const marc = await createMatchmaker(t, {
      email: 'marc@koppel.example',
      full_name: 'Marc Dubois',
      password,
      matchmaker: {
        bio: 'Matchmaker in Brussel.',
        success_rate: 64,
        years_experience: 20,
        specialties: ['Franstalige klanten'],
        is_active: false,
      },
    });

    const emma = await createClient(t, {
      email: 'emma@koppel.example',
      full_name: 'Emma Claes',
      password,
      tier: 'Persoonlijk',
      assigned_matchmaker_id: sofie.id,
      contract_status: 'active_for_matching',
      subscription_status: 'active',
      subscription_started_at: ago(30),
      subscription_ends_at: ahead(335),
      profile: {
        birth_date: '1990-04-12',
        gender: 'woman',
        town: 'Leuven',
        postcode: 3000,
        province: 'Vlaams-Brabant',
        interests: ['wandelen', 'koken', 'theater'],
        about_me: 'Ik werk als architecte, wandel graag in het Zoniënwoud en kook voor vrienden.',
      },
    });
    await createClient(t, {
      email: 'lucas@koppel.example',
      full_name: 'Lucas Wouters',
      password,
      tier: 'Relax',
      profile: {
        birth_date: '1993-09-02',
        gender: 'man',
        town: 'Gent',
        postcode: 9000,
        province: 'Oost-Vlaanderen',
      },
    });

    const emmaIntake = await createIntakeSession(t, {
      user_id: emma.id,
      assigned_matchmaker_id: sofie.id,
      scheduled_at: ago(20),
      session_type: 'intake',
      status: 'completed',
      matchmaker_notes:
        'Emma is rustig en zorgzaam, houdt van wandelen en koken. Rookt niet. Wil graag kinderen. Zoekt een man tussen 32 en 42 in Vlaams-Brabant.',
      calendly_event_id: 'demo-event-emma-intake',
    });
    await createIntakeFeedback(t, {
      intake_session_id: emmaIntake.id,
      client_id: emma.id,
      matchmaker_id: sofie.id,
      feedback_requested_at: ago(20),
    });
    await createFeedbackRequest(t, {
      client_id: emma.id,
      matchmaker_id: sofie.id,
      request_type: 'periodic',
      expires_at: ahead(10),
      created_at: ago(4),
    });

    // Generated clients: every tier, region and age band.
    const rand = random(2026);
    const matchmakers = [sofie.id, lotteWout.id, marc.id];
    const generated: { id: string; tier: Tier; matchmaker: string | null }[] = [];
    for (let i = 0; i < 44; i++) {
      const tier = TIERS[i % TIERS.length]!;
      const region = REGIONS[i % REGIONS.length]!;
      const [town, postcode] = TOWNS[region];
      const age = 22 + ((i * 7) % 48);
      const first = FIRST_NAMES[i % FIRST_NAMES.length]!;
      const last = LAST_NAMES[Math.floor(rand() * LAST_NAMES.length)]!;
      const paid = tier !== 'Relax';
      const matchmaker = tier.startsWith('Persoonlijk') ? matchmakers[i % 2]! : null;
      const created = await createClient(t, {
        email: `klant${String(i + 1).padStart(2, '0')}@koppel.example`,
        full_name: `${first} ${last}`,
        password,
        tier,
        assigned_matchmaker_id: matchmaker,
        contract_status: matchmaker && i % 3 !== 0 ? 'active_for_matching' : 'pending',
        subscription_status: paid ? (['active', 'active', 'grace_period', 'expired'] as const)[i % 4] : null,
        subscription_started_at: paid ? ago(30 + i * 5) : null,
        subscription_ends_at: paid ? ahead(335 - i * 5) : null,
        grace_period_end_date: paid && i % 4 === 2 ? ahead(6) : null,
        last_login_at: ago(i % 30),
        last_activity_at: ago(i % 30),
        inactivity_status: i % 10 === 9 ? 'inactive' : 'active',
        profile: {
          birth_date: `${now.getUTCFullYear() - age}-0${1 + (i % 9)}-1${i % 9}`,
          gender: (['woman', 'man', 'woman', 'man', 'non_binary'] as const)[i % 5],
          town,
          postcode,
          province: region,
          interests: INTERESTS.filter((_, k) => (k + i) % 3 === 0),
        },
      });
      generated.push({ id: created.id, tier, matchmaker });
    }

    // Matches in every status, made by the clients' matchmakers.
    const assigned = generated.filter((g) => g.matchmaker);
    for (const [k, status] of MATCH_STATUSES.entries()) {
      const a = assigned[k * 2]!;
      const b = assigned[k * 2 + 1]!;
      const match = await createMatch(t, {
        clientA: a.id,
        clientB: b.id,
        matchmaker_id: a.matchmaker,
        status,
        note: 'Beiden houden van wandelen en zoeken iets duurzaams.',
        proposed_at: ago(status === 'proposed' ? 1 : 20 + k),
      });
      if (status === 'completed') {
        await createMatchFeedback(t, {
          match_id: match.id,
          client_id: a.id,
          rating: 4,
          would_meet_again: true,
          feedback_text: 'Een fijne avond, we hebben afgesproken om elkaar terug te zien.',
        });
      }
    }
    // Emma has an open proposal, so her badge shows.
    await createMatch(t, {
      clientA: emma.id,
      clientB: assigned[13]!.id,
      matchmaker_id: sofie.id,
      status: 'proposed',
      note: 'Jullie delen de liefde voor koken en wandelen.',
      proposed_at: ago(1),
    });

    for (const g of assigned.slice(0, 6)) {
      await createIntakeSession(t, {
        user_id: g.id,
        assigned_matchmaker_id: g.matchmaker,
        scheduled_at: g.id < assigned[3]!.id ? ahead(3) : ago(10),
        session_type: 'intake',
        status: g.id < assigned[3]!.id ? 'scheduled' : 'completed',
      });
    }

    await t.insert(matchmaker_feedback).values({
      client_id: assigned[0]!.id,
      matchmaker_id: assigned[0]!.matchmaker!,
      communication_rating: 5,
      preference_understanding_rating: 4,
      match_quality_rating: 4,
      responsiveness_rating: 5,
      overall_satisfaction_rating: 5,
      feedback_text: 'Heel persoonlijke aanpak.',
      is_anonymous: true,
      feedback_period_start: ago(90),
      feedback_period_end: now,
    });
  });
  return { seeded: true };
}
