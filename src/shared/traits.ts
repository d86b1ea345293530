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
