/**
 * The quiz contract (MATCHING.md "Quiz"): the statements, how answers are scored into bands, what
 * the quiz suggests as trait tags, and the request/response schemas of `/api/me/quiz…`.
 */
import { z } from 'zod';
import { MESSAGES } from './messages';
import type { TraitKey } from './traits';

/** Stored with every attempt, so answers stay readable when the statements change later. */
export const QUIZ_VERSION = 'koppel-2026-1';

export const QUIZ_DIMENSIONS = [
  'openness',
  'conscientiousness',
  'extraversion',
  'agreeableness',
  'emotional_stability',
  'closeness',
  'independence',
  'togetherness',
] as const;
export type QuizDimension = (typeof QUIZ_DIMENSIONS)[number];

export const QUIZ_BANDS = ['laag', 'gemiddeld', 'hoog'] as const;
export type QuizBand = (typeof QUIZ_BANDS)[number];
export const QUIZ_BAND_LABELS: Record<QuizBand, string> = {
  laag: 'Laag',
  gemiddeld: 'Gemiddeld',
  hoog: 'Hoog',
};

/** The two groups of the results page: the five dimensions, then the relationship values. */
export const QUIZ_DIMENSION_GROUPS = {
  personality: {
    label: 'Je persoonlijkheid',
    dimensions: ['openness', 'conscientiousness', 'extraversion', 'agreeableness', 'emotional_stability'],
  },
  relationship: {
    label: 'Wat je zoekt in een relatie',
    dimensions: ['closeness', 'independence', 'togetherness'],
  },
} as const satisfies Record<string, { label: string; dimensions: readonly QuizDimension[] }>;

export interface QuizDimensionInfo {
  label: string;
  /** What a low and a high score stand for, for the chart's two ends. */
  low_pole: string;
  high_pole: string;
  /** A warm, non-judgemental word per band: every band is a way of being, none is better. */
  explanations: Record<QuizBand, string>;
}

export const QUIZ_DIMENSION_INFO: Record<QuizDimension, QuizDimensionInfo> = {
  openness: {
    label: 'Openheid',
    low_pole: 'Vertrouwd',
    high_pole: 'Nieuwsgierig',
    explanations: {
      laag: 'Je houdt van wat je kent en waar je op kunt bouwen. Die vastheid geeft rust, aan jezelf en aan wie naast je staat.',
      gemiddeld:
        'Je staat open voor iets nieuws, maar hoeft niet elke week een avontuur. Je vindt makkelijk een evenwicht tussen vertrouwd en verrassend.',
      hoog: 'Je bent nieuwsgierig naar mensen, ideeën en plekken. Een partner die graag mee ontdekt, maakt je blij.',
    },
  },
  conscientiousness: {
    label: 'Zorgvuldigheid',
    low_pole: 'Spontaan',
    high_pole: 'Georganiseerd',
    explanations: {
      laag: 'Je laat je graag leiden door het moment. Die soepelheid maakt je een fijne, ontspannen gezel.',
      gemiddeld:
        'Je plant wat nodig is en laat ruimte voor de rest. Je kunt je goed aanpassen aan iemand die net iets meer of minder plant.',
      hoog: 'Je bent betrouwbaar en houdt van overzicht. Wie met jou afspreekt, weet waar hij of zij aan toe is.',
    },
  },
  extraversion: {
    label: 'Sociale energie',
    low_pole: 'Rustig',
    high_pole: 'Sociaal',
    explanations: {
      laag: 'Je laadt op in rust en in kleine kring. Je bent een aandachtige luisteraar, en een diep gesprek zegt je meer dan een druk feest.',
      gemiddeld:
        'Je geniet van gezelschap en ook van tijd voor jezelf. Je voelt goed aan wanneer je wat nodig hebt.',
      hoog: 'Je krijgt energie van mensen om je heen en legt makkelijk contact. Samen op stap gaan is voor jou een cadeau.',
    },
  },
  agreeableness: {
    label: 'Hartelijkheid',
    low_pole: 'Recht door zee',
    high_pole: 'Verbindend',
    explanations: {
      laag: 'Je zegt wat je denkt en komt op voor wat je belangrijk vindt. Bij jou weet men waar men staat.',
      gemiddeld:
        'Je houdt rekening met anderen en durft ook voor jezelf te kiezen. Dat evenwicht maakt samen beslissen makkelijker.',
      hoog: 'Je voelt goed aan wat een ander nodig heeft en zoekt naar wat verbindt. Zorg ook goed voor jezelf.',
    },
  },
  emotional_stability: {
    label: 'Innerlijke rust',
    low_pole: 'Gevoelig',
    high_pole: 'Kalm',
    explanations: {
      laag: 'Je voelt dingen intens en staat stil bij wat komt. Die gevoeligheid maakt je betrokken en oprecht; een partner die rust brengt, doet je goed.',
      gemiddeld:
        'Meestal blijf je rustig, en soms raakt iets je meer. Dat is heel menselijk en maakt je goed bereikbaar.',
      hoog: 'Je blijft kalm als het even tegenzit en brengt rust bij wie naast je staat.',
    },
  },
  closeness: {
    label: 'Nabijheid',
    low_pole: 'Eigen binnenwereld',
    high_pole: 'Veel delen',
    explanations: {
      laag: 'Je deelt je binnenwereld in je eigen tempo. Vertrouwen groeit bij jou stap voor stap, en dat is mooi.',
      gemiddeld:
        'Je deelt graag wat je bezighoudt en houdt ook wat voor jezelf. Je zoekt warmte zonder dat het benauwt.',
      hoog: 'Je zoekt een relatie waarin je alles kunt delen, met woorden en met aanrakingen. Warmte en openheid staan voor jou centraal.',
    },
  },
  independence: {
    label: 'Eigen ruimte',
    low_pole: 'Alles samen',
    high_pole: 'Eigen ruimte',
    explanations: {
      laag: 'Je doet het liefst zoveel mogelijk samen. Je zoekt een partner die dat ook graag wil.',
      gemiddeld:
        'Samen is fijn, en af en toe iets apart ook. Je geeft ruimte en neemt die ook, in goed evenwicht.',
      hoog: 'Je eigen vrienden, hobby’s en tijd blijven belangrijk, ook in een relatie. Je gunt je partner hetzelfde.',
    },
  },
  togetherness: {
    label: 'Samen het leven delen',
    low_pole: 'Elk een eigen ritme',
    high_pole: 'Dagelijks samen',
    explanations: {
      laag: 'Je houdt graag je eigen ritme en plek aan. Een relatie met elk een eigen thuis kan voor jou perfect werken.',
      gemiddeld:
        'Je wilt je leven delen en tegelijk je eigen gewoontes houden. Je groeit graag rustig naar elkaar toe.',
      hoog: 'Samen het gewone leven delen, van boodschappen tot de dag doornemen, is voor jou de kern van een relatie.',
    },
  },
};

export interface QuizQuestion {
  id: string;
  text: string;
  dimension: QuizDimension;
  /** Agreeing points to the low end of the dimension: the answer is scored 6 - value. */
  reverse: boolean;
}

/** The statements, in the order they are asked (dimensions mixed, so no block feels repetitive). */
export const QUIZ_QUESTIONS: readonly QuizQuestion[] = [
  {
    id: 'q01',
    dimension: 'openness',
    reverse: false,
    text: 'Ik probeer graag nieuwe dingen uit, zoals een gerecht dat ik nog nooit at of een plek waar ik nog nooit was.',
  },
  {
    id: 'q02',
    dimension: 'extraversion',
    reverse: false,
    text: 'Na een avond met veel mensen zit ik vol energie.',
  },
  {
    id: 'q03',
    dimension: 'closeness',
    reverse: false,
    text: 'Ik deel mijn gevoelens graag met een partner, ook de moeilijke.',
  },
  {
    id: 'q04',
    dimension: 'conscientiousness',
    reverse: false,
    text: 'Ik plan mijn week graag vooraf, zodat ik weet wat er komt.',
  },
  {
    id: 'q05',
    dimension: 'emotional_stability',
    reverse: false,
    text: 'Als er iets onverwachts gebeurt, blijf ik meestal kalm.',
  },
  {
    id: 'q06',
    dimension: 'independence',
    reverse: false,
    text: 'Ook in een relatie wil ik tijd voor mijn eigen vrienden en hobby’s.',
  },
  {
    id: 'q07',
    dimension: 'agreeableness',
    reverse: false,
    text: 'Ik voel snel aan hoe iemand anders zich voelt.',
  },
  {
    id: 'q08',
    dimension: 'togetherness',
    reverse: false,
    text: 'Samen koken, boodschappen doen of de dag doornemen: dat zijn voor mij de mooiste momenten.',
  },
  {
    id: 'q09',
    dimension: 'openness',
    reverse: true,
    text: 'Ik blijf het liefst bij wat ik ken en wat vertrouwd voelt.',
  },
  {
    id: 'q10',
    dimension: 'extraversion',
    reverse: true,
    text: 'Een rustige avond alleen thuis is voor mij de beste manier om op te laden.',
  },
  {
    id: 'q11',
    dimension: 'conscientiousness',
    reverse: true,
    text: 'Ik laat dingen vaak liggen tot het laatste moment.',
  },
  {
    id: 'q12',
    dimension: 'emotional_stability',
    reverse: true,
    text: 'Ik pieker vaak over dingen die nog moeten gebeuren.',
  },
  {
    id: 'q13',
    dimension: 'closeness',
    reverse: false,
    text: 'Lichamelijke nabijheid, zoals een knuffel of hand in hand wandelen, is voor mij belangrijk.',
  },
  {
    id: 'q14',
    dimension: 'agreeableness',
    reverse: false,
    text: 'Bij een meningsverschil zoek ik eerst naar wat we gemeen hebben.',
  },
  {
    id: 'q15',
    dimension: 'independence',
    reverse: true,
    text: 'Ik doe het liefst alles samen met mijn partner.',
  },
  {
    id: 'q16',
    dimension: 'extraversion',
    reverse: false,
    text: 'Ik vind het makkelijk om een gesprek te beginnen met iemand die ik niet ken.',
  },
  {
    id: 'q17',
    dimension: 'togetherness',
    reverse: false,
    text: 'Ik zie mezelf op termijn samenwonen en een huishouden delen.',
  },
  {
    id: 'q18',
    dimension: 'openness',
    reverse: false,
    text: 'Een goed gesprek over kunst, ideeën of de wereld kan me helemaal opslorpen.',
  },
  {
    id: 'q19',
    dimension: 'conscientiousness',
    reverse: false,
    text: 'Afspraken en beloftes kom ik na, ook als het me slecht uitkomt.',
  },
  {
    id: 'q20',
    dimension: 'emotional_stability',
    reverse: true,
    text: 'Mijn humeur kan op één dag sterk wisselen.',
  },
  {
    id: 'q21',
    dimension: 'agreeableness',
    reverse: true,
    text: 'In een discussie wil ik vooral gelijk krijgen.',
  },
  {
    id: 'q22',
    dimension: 'closeness',
    reverse: true,
    text: 'Sommige dingen houd ik liever voor mezelf, ook in een relatie.',
  },
  {
    id: 'q23',
    dimension: 'extraversion',
    reverse: true,
    text: 'Op een feest sta ik liever aan de kant dan in het middelpunt.',
  },
  {
    id: 'q24',
    dimension: 'independence',
    reverse: false,
    text: 'Ik vind het fijn als een partner een eigen leven heeft naast ons samen.',
  },
  {
    id: 'q25',
    dimension: 'togetherness',
    reverse: true,
    text: 'Het lijkt me prima als we elk ons eigen ritme en ons eigen huis houden.',
  },
];

// How long the quiz takes: in quiz-duration.ts, free of schemas for the web (decision 047).
export { QUIZ_DURATION } from './quiz-duration';

export const QUIZ_QUESTION_IDS = QUIZ_QUESTIONS.map((q) => q.id) as [string, ...string[]];
const QUESTION_BY_ID = new Map(QUIZ_QUESTIONS.map((q) => [q.id, q]));
export const quizQuestion = (id: string): QuizQuestion | undefined => QUESTION_BY_ID.get(id);

/** The 5-point scale, 1 to 5 (number keys 1 to 5 choose them). */
export const QUIZ_ANSWER_OPTIONS = [
  { value: 1, label: 'Helemaal oneens' },
  { value: 2, label: 'Oneens' },
  { value: 3, label: 'Neutraal' },
  { value: 4, label: 'Eens' },
  { value: 5, label: 'Helemaal eens' },
] as const;
export const QUIZ_ANSWER_MIN = 1;
export const QUIZ_ANSWER_MAX = 5;

/** Below this score (0-100) a dimension is 'laag'; above QUIZ_HIGH_ABOVE it is 'hoog'. */
export const QUIZ_LOW_BELOW = 35;
export const QUIZ_HIGH_ABOVE = 65;

/** An answer as it counts for its dimension: reverse-keyed statements count 6 - value. */
export function keyedValue(question: QuizQuestion, value: number): number {
  return question.reverse ? QUIZ_ANSWER_MIN + QUIZ_ANSWER_MAX - value : value;
}

export function bandOf(score: number): QuizBand {
  if (score < QUIZ_LOW_BELOW) return 'laag';
  if (score > QUIZ_HIGH_ABOVE) return 'hoog';
  return 'gemiddeld';
}

export type QuizAnswers = Readonly<Record<string, number>>;
export type QuizScores = Record<QuizDimension, number>;

/**
 * Each dimension's score from 0 to 100: the mean of its keyed answers, from 1..5 onto 0..100,
 * rounded. Answers to statements not in this version are ignored; a dimension needs all of its
 * statements answered (otherwise an error: finishing checks that first).
 */
export function scoreQuiz(answers: QuizAnswers): QuizScores {
  const scores = {} as QuizScores;
  for (const dimension of QUIZ_DIMENSIONS) {
    const questions = QUIZ_QUESTIONS.filter((q) => q.dimension === dimension);
    let sum = 0;
    for (const question of questions) {
      const value = answers[question.id];
      if (value === undefined) throw new Error(`quiz: ${question.id} not answered`);
      sum += keyedValue(question, value);
    }
    const mean = sum / questions.length;
    scores[dimension] = Math.round(((mean - QUIZ_ANSWER_MIN) / (QUIZ_ANSWER_MAX - QUIZ_ANSWER_MIN)) * 100);
  }
  return scores;
}

/** The statements still unanswered, in the order they are asked. */
export function unansweredQuestions(answers: QuizAnswers): QuizQuestion[] {
  return QUIZ_QUESTIONS.filter((q) => answers[q.id] === undefined);
}

/** What a band of a dimension suggests to the matchmaker as a trait tag (source 'quiz'). */
export const QUIZ_TRAIT_RULES: readonly { dimension: QuizDimension; band: QuizBand; trait: TraitKey }[] = [
  { dimension: 'openness', band: 'hoog', trait: 'curious' },
  { dimension: 'openness', band: 'hoog', trait: 'adventurous' },
  { dimension: 'conscientiousness', band: 'hoog', trait: 'organised' },
  { dimension: 'conscientiousness', band: 'laag', trait: 'spontaneous' },
  { dimension: 'extraversion', band: 'hoog', trait: 'social' },
  { dimension: 'extraversion', band: 'laag', trait: 'introverted' },
  { dimension: 'agreeableness', band: 'hoog', trait: 'caring' },
  { dimension: 'emotional_stability', band: 'hoog', trait: 'calm' },
  { dimension: 'closeness', band: 'hoog', trait: 'romantic' },
];

/** A quiz suggestion: a self-description, so never more certain than this. */
export const QUIZ_MAX_CONFIDENCE = 0.9;

export interface QuizTraitSuggestion {
  trait: TraitKey;
  confidence: number;
  evidence: string;
}

/**
 * The trait tags a finished quiz suggests: one per rule whose band was reached, more confident the
 * further the score lies inside the band (0.5 at the edge, QUIZ_MAX_CONFIDENCE at the end), with
 * the score and the statement that says it most clearly as evidence.
 */
export function quizTraitSuggestions(answers: QuizAnswers): QuizTraitSuggestion[] {
  const scores = scoreQuiz(answers);
  return QUIZ_TRAIT_RULES.flatMap(({ dimension, band, trait }) => {
    const score = scores[dimension];
    if (bandOf(score) !== band) return [];
    const depth =
      band === 'hoog'
        ? (score - QUIZ_HIGH_ABOVE) / (100 - QUIZ_HIGH_ABOVE)
        : (QUIZ_LOW_BELOW - score) / QUIZ_LOW_BELOW;
    const confidence = Math.round((0.5 + (QUIZ_MAX_CONFIDENCE - 0.5) * depth) * 100) / 100;
    const questions = QUIZ_QUESTIONS.filter((q) => q.dimension === dimension);
    // The statement whose keyed answer lies furthest toward this band.
    const strongest = [...questions].sort((a, b) => {
      const ka = keyedValue(a, answers[a.id]!);
      const kb = keyedValue(b, answers[b.id]!);
      return band === 'hoog' ? kb - ka : ka - kb;
    })[0]!;
    const answerLabel = QUIZ_ANSWER_OPTIONS.find((o) => o.value === answers[strongest.id])?.label;
    const evidence = `Quiz: ${QUIZ_DIMENSION_INFO[dimension].label} ${band} (${score}/100). «${strongest.text}»: ${answerLabel?.toLowerCase()}.`;
    return [{ trait, confidence, evidence }];
  });
}

// --- The API --------------------------------------------------------------------------------

export const quizAnswerValueSchema = z
  .number({ error: MESSAGES.quizChooseAnswer })
  .int(MESSAGES.quizChooseAnswer)
  .min(QUIZ_ANSWER_MIN, MESSAGES.quizChooseAnswer)
  .max(QUIZ_ANSWER_MAX, MESSAGES.quizChooseAnswer);

/** PUT /api/me/quiz/attempts/{id}/answers: one answer, saved as the client goes. */
export const saveQuizAnswerSchema = z.object({
  question_id: z.enum(QUIZ_QUESTION_IDS, { error: MESSAGES.quizUnknownQuestion }),
  value: quizAnswerValueSchema,
});
export type SaveQuizAnswerInput = z.infer<typeof saveQuizAnswerSchema>;

export const quizAnswerSchema = z.object({ question_id: z.string(), value: z.number().int() });

/** An attempt being taken: its answers so far (a reload resumes at the first unanswered one). */
export const quizAttemptSchema = z.object({
  id: z.string(),
  quiz_version: z.string(),
  started_at: z.string(),
  answers: z.array(quizAnswerSchema),
});
export type QuizAttempt = z.infer<typeof quizAttemptSchema>;

export const quizDimensionResultSchema = z.object({
  dimension: z.enum(QUIZ_DIMENSIONS),
  score: z.number().int().min(0).max(100),
  band: z.enum(QUIZ_BANDS),
});
export type QuizDimensionResult = z.infer<typeof quizDimensionResultSchema>;

/** A finished attempt: each dimension's score and band. */
export const quizResultSchema = z.object({
  attempt_id: z.string(),
  quiz_version: z.string(),
  started_at: z.string(),
  finished_at: z.string(),
  dimensions: z.array(quizDimensionResultSchema),
});
export type QuizResult = z.infer<typeof quizResultSchema>;

/** GET /api/me/quiz: the attempt in progress (or null) and every finished one, newest first. */
export const quizStateResponseSchema = z.object({
  current: quizAttemptSchema.nullable(),
  results: z.array(quizResultSchema),
});
export type QuizStateResponse = z.infer<typeof quizStateResponseSchema>;

/**
 * GET /api/me/quiz/result: the latest bands and whether the client finished the quiz (for the
 * profile overview and the account overview); `in_progress` when an attempt is open.
 */
export const latestQuizResultResponseSchema = z.object({
  finished: z.boolean(),
  in_progress: z.boolean(),
  result: quizResultSchema.nullable(),
});
export type LatestQuizResultResponse = z.infer<typeof latestQuizResultResponseSchema>;

/** The results of stored scores, in the order of QUIZ_DIMENSIONS. */
export function dimensionResults(scores: Partial<QuizScores>): QuizDimensionResult[] {
  return QUIZ_DIMENSIONS.flatMap((dimension) => {
    const score = scores[dimension];
    return score === undefined ? [] : [{ dimension, score, band: bandOf(score) }];
  });
}
