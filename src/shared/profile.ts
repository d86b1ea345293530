import { z } from 'zod';
import { GENDER_LABELS, GENDERS, type REGIONS } from './domain';
import { ageOn } from './format';
import { TRAIT_KEYS, traitKeySchema } from './traits';

/**
 * The client profile of MATCHING.md ("The client profile"): five steps that each save on their own,
 * the separate consent for the genders sought (GDPR art. 9), photos, and the completeness meter.
 * Keys are English snake_case, every label Dutch.
 */

// ---------------------------------------------------------------------------------------------
// Choices and their Dutch labels.

export const EDUCATIONS = ['secondary', 'bachelor', 'master', 'doctorate', 'other'] as const;
export type Education = (typeof EDUCATIONS)[number];
export const EDUCATION_LABELS: Record<Education, string> = {
  secondary: 'Secundair onderwijs',
  bachelor: 'Bachelor',
  master: 'Master',
  doctorate: 'Doctoraat',
  other: 'Andere',
};

export const LANGUAGES = ['nl', 'fr', 'en', 'de', 'other'] as const;
export type Language = (typeof LANGUAGES)[number];
export const LANGUAGE_LABELS: Record<Language, string> = {
  nl: 'Nederlands',
  fr: 'Frans',
  en: 'Engels',
  de: 'Duits',
  other: 'Andere taal',
};

export const RELATIONSHIPS = ['long_term', 'marriage', 'friendship_first', 'open'] as const;
export type Relationship = (typeof RELATIONSHIPS)[number];
export const RELATIONSHIP_LABELS: Record<Relationship, string> = {
  long_term: 'Een vaste relatie',
  marriage: 'Een huwelijk',
  friendship_first: 'Eerst vriendschap, dan zien we wel',
  open: 'Dat laat ik open',
};

export const FREQUENCIES = ['no', 'sometimes', 'yes'] as const;
export type Frequency = (typeof FREQUENCIES)[number];
export const SMOKING_LABELS: Record<Frequency, string> = { no: 'Nee', sometimes: 'Soms', yes: 'Ja' };
export const DRINKING_LABELS: Record<Frequency, string> = {
  no: 'Nee',
  sometimes: 'Af en toe',
  yes: 'Ja, graag',
};

export const CHILDREN_WISHES = ['yes', 'no', 'maybe'] as const;
export type ChildrenWish = (typeof CHILDREN_WISHES)[number];
export const CHILDREN_WISH_LABELS: Record<ChildrenWish, string> = {
  yes: 'Ja',
  no: 'Nee',
  maybe: 'Misschien',
};

export const RELIGIONS = [
  'none',
  'christian',
  'muslim',
  'jewish',
  'buddhist',
  'hindu',
  'spiritual',
  'other',
] as const;
export type Religion = (typeof RELIGIONS)[number];
export const RELIGION_LABELS: Record<Religion, string> = {
  none: 'Geen (vrijzinnig of niet gelovig)',
  christian: 'Christelijk',
  muslim: 'Islamitisch',
  jewish: 'Joods',
  buddhist: 'Boeddhistisch',
  hindu: 'Hindoeïstisch',
  spiritual: 'Spiritueel',
  other: 'Andere levensbeschouwing',
};

/** The fixed list of interests (values as the demo data and the match proposals use them). */
export const INTERESTS = [
  'wandelen',
  'fietsen',
  'lopen',
  'zwemmen',
  'yoga',
  'fitness',
  'tennis',
  'voetbal',
  'skiën',
  'koken',
  'uit eten',
  'wijn',
  'reizen',
  'kamperen',
  'natuur',
  'tuinieren',
  'dieren',
  'lezen',
  'schrijven',
  'muziek',
  'concerten',
  'dansen',
  'zingen',
  'theater',
  'film',
  'musea',
  'fotografie',
  'tekenen en schilderen',
  'gezelschapsspellen',
  'vrijwilligerswerk',
] as const;
export type Interest = (typeof INTERESTS)[number];
export const interestLabel = (interest: string) => interest.charAt(0).toUpperCase() + interest.slice(1);

/** Fields a client can mark as a dealbreaker: they become hard filters in magic match. */
export const DEALBREAKERS = ['smoking', 'children', 'distance', 'age'] as const;
export type Dealbreaker = (typeof DEALBREAKERS)[number];
export const DEALBREAKER_LABELS: Record<Dealbreaker, string> = {
  smoking: 'Roken is een dealbreaker',
  children: 'De kinderwens is een dealbreaker',
  distance: 'De afstand is een dealbreaker',
  age: 'De leeftijd is een dealbreaker',
};

// ---------------------------------------------------------------------------------------------
// Constants.

export const MIN_AGE = 18;
export const MAX_AGE = 99;
export const MIN_HEIGHT_CM = 120;
export const MAX_HEIGHT_CM = 230;
export const MAX_DISTANCE_KM = 300;
export const FREE_TEXT_MAX = 1000;
export const MAX_PHOTOS = 6;
/**
 * Decision 034: how long after a completed date the two clients still see each other's photos,
 * and how long a matchmaker sees a candidate's photos after magic match showed them.
 */
export const PHOTO_ACCESS_AFTER_DATE_DAYS = 30;
export const PHOTO_ACCESS_AFTER_MAGIC_MATCH_DAYS = 30;
/**
 * Issue 31: a candidate magic match shows a matchmaker again within this many minutes of the last
 * record is not recorded again (the window then ends at most this much before 30 days after the last
 * show): repeated searches write nothing.
 */
export const MAGIC_MATCH_SHOWN_RECORDED_AGAIN_AFTER_MINUTES = 60;
/** Issue 30: at most this many trait-correction requests per client in 24 hours. */
export const TRAIT_CORRECTIONS_PER_DAY = 5;
/** The largest photo a client may upload (issue 14: at most 10 MB). */
export const PHOTO_MAX_BYTES = 10 * 1024 * 1024;
/** Where photos are uploaded (the app gives this path a larger body limit). */
export const PHOTO_UPLOAD_PATH = '/api/me/photos';
/** The upload request: the photo plus the multipart envelope. */
export const PHOTO_UPLOAD_MAX_BODY = PHOTO_MAX_BYTES + 64 * 1024;
/** An image larger than this (width × height) is refused before it is decoded: a decompression bomb. */
export const PHOTO_MAX_PIXELS = 50_000_000;
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/heif'] as const;
/** The fixed sizes a photo is stored in (JPEG, EXIF removed). */
export const PHOTO_SIZES = {
  small: { width: 240, height: 240, fit: 'cover' },
  large: { width: 1024, height: 1024, fit: 'inside' },
} as const;
export type PhotoSize = keyof typeof PHOTO_SIZES;
/** Where one size of a photo is stored: everything of a client lives under `photos/<client>/`. */
export const photoStorageKey = (client_id: string, photo_id: string, size: PhotoSize) =>
  `photos/${client_id}/${photo_id}/${size}.jpg`;
export const PHOTO_SIZE_KEYS = Object.keys(PHOTO_SIZES) as [PhotoSize, ...PhotoSize[]];

/** The consent for processing the genders sought (GDPR art. 9): its text, versioned. */
export const ORIENTATION_CONSENT_VERSION = '2026-11-v1';
export const ORIENTATION_CONSENT_TEXT =
  'Ik geef Koppel de toestemming om te bewaren welk geslacht ik zoek, om mij voorstellen te kunnen doen. Ik kan deze toestemming altijd intrekken in mijn profiel; dan wist Koppel dit gegeven.';
export const ORIENTATION_CONSENT_EXPLANATION =
  'Wie je zoekt, zegt iets over je seksuele geaardheid. De wet (AVG, artikel 9) beschermt zulke gegevens extra: we bewaren ze alleen met je uitdrukkelijke toestemming, gebruiken ze enkel om je te koppelen, en tonen ze aan niemand buiten je matchmaker.';

// ---------------------------------------------------------------------------------------------
// Province from the postcode (Belgian postcode ranges).

const POSTCODE_RANGES: readonly [from: number, to: number, province: (typeof REGIONS)[number]][] = [
  [1000, 1299, 'Brussel'],
  [1300, 1499, 'Waals-Brabant'],
  [1500, 1999, 'Vlaams-Brabant'],
  [2000, 2999, 'Antwerpen'],
  [3000, 3499, 'Vlaams-Brabant'],
  [3500, 3999, 'Limburg'],
  [4000, 4999, 'Luik'],
  [5000, 5999, 'Namen'],
  [6000, 6599, 'Henegouwen'],
  [6600, 6999, 'Luxemburg'],
  [7000, 7999, 'Henegouwen'],
  [8000, 8999, 'West-Vlaanderen'],
  [9000, 9999, 'Oost-Vlaanderen'],
];

/** The province (or Brussels) of a Belgian postcode; null outside 1000-9999. */
export function provinceForPostcode(postcode: number): (typeof REGIONS)[number] | null {
  if (!Number.isInteger(postcode)) return null;
  return POSTCODE_RANGES.find(([from, to]) => postcode >= from && postcode <= to)?.[2] ?? null;
}

// ---------------------------------------------------------------------------------------------
// The steps and their requests.

export const PROFILE_STEPS = ['about', 'seeking', 'lifestyle', 'own_words', 'photos'] as const;
export type ProfileStep = (typeof PROFILE_STEPS)[number];
export const PROFILE_STEP_LABELS: Record<ProfileStep, string> = {
  about: 'Over jou',
  seeking: 'Wie zoek je',
  lifestyle: 'Levensstijl en waarden',
  own_words: 'In je eigen woorden',
  photos: 'Foto',
};
/** The steps saved through a form (photos are uploaded one by one). */
export const FORM_STEPS = ['about', 'seeking', 'lifestyle', 'own_words'] as const;
export type FormStep = (typeof FORM_STEPS)[number];

const choose = (what: string) => ({ error: `Kies ${what}` });
const trimmed = (max: number, what: string) =>
  z
    .string({ error: `Vul ${what} in` })
    .trim()
    .min(1, `Vul ${what} in`)
    .max(max, `Gebruik hoogstens ${max} tekens`);

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
export const birthDateSchema = z
  .string({ error: 'Vul je geboortedatum in' })
  .regex(ISO_DATE, 'Vul je geboortedatum in')
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return (
      !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value && value >= '1900-01-01'
    );
  }, 'Vul een geldige geboortedatum in')
  .refine((value) => (ageOn(value, new Date()) ?? 0) >= MIN_AGE, `Je moet minstens ${MIN_AGE} jaar zijn`);

export const postcodeSchema = z.coerce
  .number({ error: 'Vul een Belgische postcode in (1000-9999)' })
  .int('Vul een Belgische postcode in (1000-9999)')
  .min(1000, 'Vul een Belgische postcode in (1000-9999)')
  .max(9999, 'Vul een Belgische postcode in (1000-9999)');

/** Step 1, Over jou. The province follows from the postcode (on the server). */
export const aboutStepSchema = z.object({
  birth_date: birthDateSchema,
  gender: z.enum(GENDERS, choose('je geslacht')),
  town: trimmed(100, 'je woonplaats'),
  postcode: postcodeSchema,
  height_cm: z.coerce
    .number({ error: 'Vul je lengte in centimeter in' })
    .int('Vul je lengte in hele centimeter in')
    .min(MIN_HEIGHT_CM, `Vul een lengte tussen ${MIN_HEIGHT_CM} en ${MAX_HEIGHT_CM} cm in`)
    .max(MAX_HEIGHT_CM, `Vul een lengte tussen ${MIN_HEIGHT_CM} en ${MAX_HEIGHT_CM} cm in`),
  education: z.enum(EDUCATIONS, choose('je opleiding')),
  profession: trimmed(100, 'je beroep'),
  languages: z
    .array(z.enum(LANGUAGES, choose('een taal uit de lijst')), choose('minstens één taal'))
    .min(1, 'Kies minstens één taal')
    .max(LANGUAGES.length)
    .refine((list) => new Set(list).size === list.length, 'Kies elke taal één keer'),
});
export type AboutStep = z.infer<typeof aboutStepSchema>;

const ageBound = z.coerce
  .number({ error: `Vul een leeftijd tussen ${MIN_AGE} en ${MAX_AGE} in` })
  .int(`Vul een leeftijd tussen ${MIN_AGE} en ${MAX_AGE} in`)
  .min(MIN_AGE, `Vul een leeftijd tussen ${MIN_AGE} en ${MAX_AGE} in`)
  .max(MAX_AGE, `Vul een leeftijd tussen ${MIN_AGE} en ${MAX_AGE} in`);

const dealbreakerFlag = z.boolean({ error: 'Kies ja of nee' }).default(false);

/** Step 2, Wie zoek je: the genders sought need the separate consent (refused without it). */
export const seekingStepSchema = z
  .object({
    seeking_genders: z
      .array(z.enum(GENDERS, choose('een geslacht uit de lijst')), choose('wie je zoekt'))
      .min(1, 'Kies minstens één geslacht')
      .max(GENDERS.length)
      .refine((list) => new Set(list).size === list.length, 'Kies elk geslacht één keer'),
    age_min: ageBound,
    age_max: ageBound,
    max_distance_km: z.coerce
      .number({ error: `Vul een afstand tussen 1 en ${MAX_DISTANCE_KM} km in` })
      .int(`Vul een afstand in hele kilometer in`)
      .min(1, `Vul een afstand tussen 1 en ${MAX_DISTANCE_KM} km in`)
      .max(MAX_DISTANCE_KM, `Vul een afstand tussen 1 en ${MAX_DISTANCE_KM} km in`),
    relationship_sought: z.enum(RELATIONSHIPS, choose('wat je zoekt')),
    distance_dealbreaker: dealbreakerFlag,
    age_dealbreaker: dealbreakerFlag,
    /** The separate, unticked consent (GDPR art. 9); needed unless it is already on record. */
    orientation_consent: z.boolean({ error: 'Geef je toestemming of niet' }).default(false),
  })
  .refine((v) => v.age_min <= v.age_max, {
    message: 'De minimumleeftijd mag niet hoger zijn dan de maximumleeftijd',
    path: ['age_max'],
  });
export type SeekingStep = z.infer<typeof seekingStepSchema>;

/** Step 3, Levensstijl en waarden. */
export const lifestyleStepSchema = z.object({
  smoking: z.enum(FREQUENCIES, choose('of je rookt')),
  drinking: z.enum(FREQUENCIES, choose('of je alcohol drinkt')),
  has_children: z.boolean({ error: 'Kies of je kinderen hebt' }),
  wants_children: z.enum(CHILDREN_WISHES, choose('of je (nog) kinderen wilt')),
  religion: z.enum(RELIGIONS, choose('je geloof of levensbeschouwing')),
  interests: z
    .array(z.enum(INTERESTS, choose('interesses uit de lijst')), choose('je interesses'))
    .min(1, 'Kies minstens één interesse')
    .max(INTERESTS.length)
    .refine((list) => new Set(list).size === list.length, 'Kies elke interesse één keer'),
  smoking_dealbreaker: dealbreakerFlag,
  children_dealbreaker: dealbreakerFlag,
});
export type LifestyleStep = z.infer<typeof lifestyleStepSchema>;

/** Step 4, In je eigen woorden. */
export const ownWordsStepSchema = z.object({
  about_me: trimmed(FREE_TEXT_MAX, 'iets over jezelf'),
  looking_for: trimmed(FREE_TEXT_MAX, 'wat je zoekt'),
});
export type OwnWordsStep = z.infer<typeof ownWordsStepSchema>;

export const STEP_SCHEMAS = {
  about: aboutStepSchema,
  seeking: seekingStepSchema,
  lifestyle: lifestyleStepSchema,
  own_words: ownWordsStepSchema,
} as const;

// ---------------------------------------------------------------------------------------------
// What the client sees.

export const photoSchema = z.object({
  id: z.string(),
  /** One URL per size, served only to those who may see it. */
  urls: z.object({ small: z.string(), large: z.string() }),
  created_at: z.string(),
});
export type Photo = z.infer<typeof photoSchema>;

export const consentSchema = z.object({ given_at: z.string(), version: z.string() });

export const profileSchema = z.object({
  birth_date: z.string().nullable(),
  gender: z.enum(GENDERS).nullable(),
  town: z.string().nullable(),
  postcode: z.number().int().nullable(),
  province: z.string().nullable(),
  height_cm: z.number().int().nullable(),
  education: z.enum(EDUCATIONS).nullable(),
  profession: z.string().nullable(),
  languages: z.array(z.enum(LANGUAGES)),
  seeking_genders: z.array(z.enum(GENDERS)),
  age_min: z.number().int().nullable(),
  age_max: z.number().int().nullable(),
  max_distance_km: z.number().int().nullable(),
  relationship_sought: z.enum(RELATIONSHIPS).nullable(),
  smoking: z.enum(FREQUENCIES).nullable(),
  drinking: z.enum(FREQUENCIES).nullable(),
  has_children: z.boolean().nullable(),
  wants_children: z.enum(CHILDREN_WISHES).nullable(),
  religion: z.enum(RELIGIONS).nullable(),
  interests: z.array(z.string()),
  about_me: z.string().nullable(),
  looking_for: z.string().nullable(),
  dealbreakers: z.array(z.enum(DEALBREAKERS)),
  completed_steps: z.array(z.enum(PROFILE_STEPS)),
  orientation_consent: consentSchema.nullable(),
});
export type ClientProfile = z.infer<typeof profileSchema>;

export const confirmedTraitSchema = z.object({ trait: traitKeySchema, label: z.string() });

export const completenessSchema = z.object({
  percent: z.number().int().min(0).max(100),
  missing: z.array(z.object({ key: z.string(), label: z.string(), step: z.enum(PROFILE_STEPS) })),
});
export type Completeness = z.infer<typeof completenessSchema>;

/** GET /api/me/profile: everything the form and the overview need. */
export const profileResponseSchema = z.object({
  profile: profileSchema,
  photos: z.array(photoSchema),
  /** The step the form reopens at: the first one not yet saved (photos last). */
  next_step: z.enum(PROFILE_STEPS),
  completeness: completenessSchema,
  /** The client's confirmed traits (MATCHING.md "Traits"): only these are shown to them. */
  traits: z.array(confirmedTraitSchema),
});
export type ProfileResponse = z.infer<typeof profileResponseSchema>;

export const photosResponseSchema = z.object({ photos: z.array(photoSchema) });

/** POST /api/me/trait-corrections: the client asks their matchmaker to correct their traits. */
export const traitCorrectionRequestSchema = z.object({
  trait: z.enum(TRAIT_KEYS, choose('een eigenschap uit de lijst')).nullable().default(null),
  message: z
    .string({ error: 'Schrijf wat er niet klopt' })
    .trim()
    .min(5, 'Schrijf in een paar woorden wat er niet klopt')
    .max(FREE_TEXT_MAX, `Gebruik hoogstens ${FREE_TEXT_MAX} tekens`),
});
export type TraitCorrectionInput = z.input<typeof traitCorrectionRequestSchema>;

export const traitCorrectionSchema = z.object({
  id: z.string(),
  client_id: z.string(),
  client_name: z.string().nullable(),
  trait: traitKeySchema.nullable(),
  message: z.string(),
  status: z.enum(['open', 'handled']),
  created_at: z.string(),
});
export type TraitCorrection = z.infer<typeof traitCorrectionSchema>;

// ---------------------------------------------------------------------------------------------
// Completeness.

type CompletenessInput = Pick<
  ClientProfile,
  | 'birth_date'
  | 'gender'
  | 'town'
  | 'postcode'
  | 'height_cm'
  | 'education'
  | 'profession'
  | 'languages'
  | 'seeking_genders'
  | 'age_min'
  | 'max_distance_km'
  | 'relationship_sought'
  | 'smoking'
  | 'drinking'
  | 'has_children'
  | 'wants_children'
  | 'religion'
  | 'interests'
  | 'about_me'
  | 'looking_for'
> & { photo_count: number };

const PARTS: readonly {
  key: string;
  label: string;
  step: ProfileStep;
  done(p: CompletenessInput): boolean;
}[] = [
  { key: 'birth_date', label: 'Geboortedatum', step: 'about', done: (p) => !!p.birth_date },
  { key: 'gender', label: 'Geslacht', step: 'about', done: (p) => !!p.gender },
  { key: 'town', label: 'Woonplaats en postcode', step: 'about', done: (p) => !!p.town && !!p.postcode },
  { key: 'height_cm', label: 'Lengte', step: 'about', done: (p) => p.height_cm != null },
  { key: 'education', label: 'Opleiding', step: 'about', done: (p) => !!p.education },
  { key: 'profession', label: 'Beroep', step: 'about', done: (p) => !!p.profession },
  { key: 'languages', label: 'Talen', step: 'about', done: (p) => p.languages.length > 0 },
  {
    key: 'seeking_genders',
    label: 'Wie je zoekt (met toestemming)',
    step: 'seeking',
    done: (p) => p.seeking_genders.length > 0,
  },
  { key: 'age_range', label: 'Leeftijd van je partner', step: 'seeking', done: (p) => p.age_min != null },
  {
    key: 'max_distance_km',
    label: 'Maximale afstand',
    step: 'seeking',
    done: (p) => p.max_distance_km != null,
  },
  {
    key: 'relationship_sought',
    label: 'Soort relatie',
    step: 'seeking',
    done: (p) => !!p.relationship_sought,
  },
  { key: 'smoking', label: 'Roken', step: 'lifestyle', done: (p) => !!p.smoking },
  { key: 'drinking', label: 'Alcohol', step: 'lifestyle', done: (p) => !!p.drinking },
  { key: 'has_children', label: 'Kinderen', step: 'lifestyle', done: (p) => p.has_children != null },
  { key: 'wants_children', label: 'Kinderwens', step: 'lifestyle', done: (p) => !!p.wants_children },
  { key: 'religion', label: 'Geloof of levensbeschouwing', step: 'lifestyle', done: (p) => !!p.religion },
  { key: 'interests', label: 'Interesses', step: 'lifestyle', done: (p) => p.interests.length > 0 },
  { key: 'about_me', label: 'Over mezelf', step: 'own_words', done: (p) => !!p.about_me?.trim() },
  { key: 'looking_for', label: 'Wat ik zoek', step: 'own_words', done: (p) => !!p.looking_for?.trim() },
  { key: 'photo', label: 'Een foto', step: 'photos', done: (p) => p.photo_count > 0 },
];

/**
 * How complete a profile is: the share of its parts filled in, and what is missing (with the step
 * of the form where the client fills it in). Pure, for the overview and the account's next steps.
 */
export function profileCompleteness(profile: CompletenessInput): Completeness {
  const missing = PARTS.filter((part) => !part.done(profile)).map(({ key, label, step }) => ({
    key,
    label,
    step,
  }));
  const percent = Math.round(((PARTS.length - missing.length) / PARTS.length) * 100);
  return { percent, missing };
}

export const genderLabel = (gender: string) => GENDER_LABELS[gender as keyof typeof GENDER_LABELS] ?? gender;
