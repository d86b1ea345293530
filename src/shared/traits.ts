import { z } from 'zod';

/**
 * The trait taxonomy of MATCHING.md: the only keys a tagger, the quiz or a matchmaker may store,
 * each with its Dutch label, in four groups.
 */
export const TRAIT_GROUPS = {
  personality: {
    label: 'Persoonlijkheid',
    traits: {
      adventurous: 'Avontuurlijk',
      calm: 'Rustig',
      social: 'Sociaal',
      introverted: 'Introvert',
      humorous: 'Humoristisch',
      ambitious: 'Ambitieus',
      caring: 'Zorgzaam',
      spontaneous: 'Spontaan',
      organised: 'Georganiseerd',
      creative: 'Creatief',
      curious: 'Nieuwsgierig',
      romantic: 'Romantisch',
    },
  },
  lifestyle: {
    label: 'Levensstijl',
    traits: {
      sporty: 'Sportief',
      outdoorsy: 'Natuurliefhebber',
      traveller: 'Reislustig',
      culture_lover: 'Cultuurliefhebber',
      foodie: 'Bourgondiër',
      animal_lover: 'Dierenvriend',
      homebody: 'Huiselijk',
      night_out: 'Uitgaanstype',
      health_conscious: 'Gezondheidsbewust',
    },
  },
  values: {
    label: 'Waarden',
    traits: {
      family_oriented: 'Familiemens',
      wants_children: 'Kinderwens',
      no_children_wish: 'Geen kinderwens',
      has_children: 'Heeft kinderen',
      religious: 'Gelovig',
      career_focused: 'Carrièregericht',
    },
  },
  habits: {
    label: 'Gewoonten',
    traits: {
      smoker: 'Rookt',
      non_smoker: 'Rookt niet',
    },
  },
} as const;

export type TraitGroup = keyof typeof TRAIT_GROUPS;
type TraitsOf<G extends TraitGroup> = keyof (typeof TRAIT_GROUPS)[G]['traits'];
export type TraitKey = { [G in TraitGroup]: TraitsOf<G> }[TraitGroup];

export const TRAIT_LABELS = Object.fromEntries(
  Object.values(TRAIT_GROUPS).flatMap((group) => Object.entries(group.traits)),
) as Record<TraitKey, string>;

export const TRAIT_KEYS = Object.keys(TRAIT_LABELS) as [TraitKey, ...TraitKey[]];

export const TRAIT_GROUP_OF = Object.fromEntries(
  (Object.keys(TRAIT_GROUPS) as TraitGroup[]).flatMap((group) =>
    Object.keys(TRAIT_GROUPS[group].traits).map((trait) => [trait, group]),
  ),
) as Record<TraitKey, TraitGroup>;

/** Where a tag came from: the tagger over the intake notes, the quiz, or a matchmaker by hand. */
export const TRAIT_SOURCES = ['intake_ai', 'quiz', 'matchmaker'] as const;
export type TraitSource = (typeof TRAIT_SOURCES)[number];

/** Only confirmed tags feed magic match and show in the client's profile overview. */
export const TRAIT_STATUSES = ['suggested', 'confirmed', 'rejected'] as const;
export type TraitStatus = (typeof TRAIT_STATUSES)[number];

export const traitKeySchema = z.enum(TRAIT_KEYS);

/** One tag as MATCHING.md defines it. */
export const traitTagSchema = z.object({
  id: z.string(),
  trait: traitKeySchema,
  confidence: z.number().min(0).max(1),
  source: z.enum(TRAIT_SOURCES),
  evidence: z.string().nullable(),
  status: z.enum(TRAIT_STATUSES),
});
export type TraitTag = z.infer<typeof traitTagSchema>;

/** What a matchmaker decides about a suggested tag. */
export const traitDecisionSchema = z.object({
  status: z.enum(['confirmed', 'rejected'], { error: 'Kies bevestigen of afwijzen' }),
});
export type TraitDecision = z.infer<typeof traitDecisionSchema>;

/** A trait a matchmaker adds themselves (confirmed at once), with where they saw it. */
export const addTraitSchema = z.object({
  trait: z.enum(TRAIT_KEYS, { error: 'Kies een eigenschap uit de lijst' }),
  evidence: z
    .string()
    .trim()
    .max(500, 'Schrijf hoogstens 500 tekens')
    .optional()
    .transform((value) => value || undefined),
});
export type AddTraitInput = z.infer<typeof addTraitSchema>;

export const TRAIT_EVENT_ACTIONS = ['suggested', 'confirmed', 'rejected', 'added', 'withdrawn'] as const;
export type TraitEventAction = (typeof TRAIT_EVENT_ACTIONS)[number];
export const TRAIT_EVENT_LABELS: Record<TraitEventAction, string> = {
  suggested: 'voorgesteld',
  confirmed: 'bevestigd',
  rejected: 'afgewezen',
  added: 'toegevoegd',
  withdrawn: 'ingetrokken',
};
export const TRAIT_SOURCE_LABELS: Record<TraitSource, string> = {
  intake_ai: 'AI',
  quiz: 'Quiz',
  matchmaker: 'Matchmaker',
};

/**
 * Where a tag came from, as staff read it: a tagger suggestion is from the intake notes when it
 * is linked to the intake whose notes hold its evidence, else from the client's own texts
 * ('over mij'), which may be tagged before any intake.
 */
export function traitOriginLabel(tag: { source: TraitSource; intake_session_id: string | null }): string {
  if (tag.source !== 'intake_ai') return TRAIT_SOURCE_LABELS[tag.source];
  return tag.intake_session_id ? 'AI uit de intakenotities' : 'AI uit de eigen teksten van de klant';
}

/**
 * What a suggestion's confidence says about its evidence (the local tagger's levels: 0.9 the text
 * says it, 0.7 inferred from what the client does, 0.5 a softly hedged sentence).
 */
export function confidenceLabel(confidence: number): string {
  if (confidence >= 0.85) return 'staat er letterlijk';
  if (confidence >= 0.65) return 'afgeleid';
  return 'voorzichtig verwoord';
}

/** A tag as staff see it in a client's file: who decided, and when. */
export const staffTraitSchema = traitTagSchema.extend({
  intake_session_id: z.string().nullable(),
  decided_by_name: z.string().nullable(),
  decided_at: z.string().nullable(),
  updated_at: z.string(),
});
export type StaffTrait = z.infer<typeof staffTraitSchema>;

export const traitEventSchema = z.object({
  id: z.string(),
  trait: traitKeySchema,
  source: z.enum(TRAIT_SOURCES),
  action: z.enum(TRAIT_EVENT_ACTIONS),
  /** Null: the tagger. */
  actor_name: z.string().nullable(),
  evidence: z.string().nullable(),
  created_at: z.string(),
});
export type TraitEvent = z.infer<typeof traitEventSchema>;

/** GET /api/matchmaker/clients/{clientId}/traits */
export const clientTraitsResponseSchema = z.object({
  traits: z.array(staffTraitSchema),
  events: z.array(traitEventSchema),
  /** The texts the tagger reads, so the evidence can be shown in its place. */
  notes: z.array(
    z.object({ intake_session_id: z.string(), scheduled_at: z.string().nullable(), text: z.string() }),
  ),
  /** A tagging run is waiting or running for this client. */
  tagging_pending: z.boolean(),
});
export type ClientTraitsResponse = z.infer<typeof clientTraitsResponseSchema>;
