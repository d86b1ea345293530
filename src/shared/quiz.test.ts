import { describe, expect, it } from 'vitest';
import {
  bandOf,
  dimensionResults,
  keyedValue,
  QUIZ_DIMENSION_GROUPS,
  QUIZ_DIMENSION_INFO,
  QUIZ_DIMENSIONS,
  QUIZ_QUESTIONS,
  QUIZ_TRAIT_RULES,
  type QuizAnswers,
  quizTraitSuggestions,
  saveQuizAnswerSchema,
  scoreQuiz,
  unansweredQuestions,
} from './quiz';
import { TRAIT_KEYS } from './traits';

/** Every statement answered with `value` as written (not keyed). */
const allAnswered = (value: (id: string) => number): QuizAnswers =>
  Object.fromEntries(QUIZ_QUESTIONS.map((q) => [q.id, value(q.id)]));

/** Answers that agree fully with the high end of every dimension (reverse-keyed ones disagreed). */
const agreeingWithHighEnd = allAnswered((id) => (QUIZ_QUESTIONS.find((q) => q.id === id)!.reverse ? 1 : 5));

describe('the statements', () => {
  it('are about 25, unique, each dimension with at least three and at least one reverse-keyed', () => {
    expect(QUIZ_QUESTIONS.length).toBeGreaterThanOrEqual(24);
    expect(QUIZ_QUESTIONS.length).toBeLessThanOrEqual(26);
    expect(new Set(QUIZ_QUESTIONS.map((q) => q.id)).size).toBe(QUIZ_QUESTIONS.length);
    expect(new Set(QUIZ_QUESTIONS.map((q) => q.text)).size).toBe(QUIZ_QUESTIONS.length);
    for (const dimension of QUIZ_DIMENSIONS) {
      const questions = QUIZ_QUESTIONS.filter((q) => q.dimension === dimension);
      expect(questions.length, dimension).toBeGreaterThanOrEqual(3);
      expect(
        questions.some((q) => q.reverse),
        `${dimension} has a reverse-keyed statement`,
      ).toBe(true);
    }
  });

  it('has a Dutch label, two poles and an explanation per band for every dimension, each in a group', () => {
    const grouped = Object.values(QUIZ_DIMENSION_GROUPS).flatMap((g) => g.dimensions);
    expect([...grouped].sort()).toEqual([...QUIZ_DIMENSIONS].sort());
    for (const dimension of QUIZ_DIMENSIONS) {
      const info = QUIZ_DIMENSION_INFO[dimension];
      expect(info.label).not.toBe('');
      for (const text of Object.values(info.explanations)) expect(text).toMatch(/\.$/);
    }
  });
});

describe('scoring', () => {
  it('scores a reverse-keyed statement the other way round: 6 - value', () => {
    const reversed = QUIZ_QUESTIONS.find((q) => q.reverse)!;
    const straight = QUIZ_QUESTIONS.find((q) => !q.reverse)!;
    expect([1, 2, 3, 4, 5].map((v) => keyedValue(reversed, v))).toEqual([5, 4, 3, 2, 1]);
    expect([1, 2, 3, 4, 5].map((v) => keyedValue(straight, v))).toEqual([1, 2, 3, 4, 5]);
  });

  it('puts someone who agrees with the high end (and disagrees with the reversed statements) at 100 everywhere', () => {
    const scores = scoreQuiz(agreeingWithHighEnd);
    for (const dimension of QUIZ_DIMENSIONS) expect(scores[dimension], dimension).toBe(100);
  });

  it('puts "helemaal eens" to every statement in the middle where a dimension has reverse-keyed ones', () => {
    // Agreeing with everything: in openness 2 straight (5) and 1 reversed (1) → mean 11/3 → 67.
    const scores = scoreQuiz(allAnswered(() => 5));
    expect(scores.openness).toBe(67);
    // Extraversion: 2 straight, 2 reversed → mean 3 → 50, whatever the level of agreement.
    expect(scores.extraversion).toBe(50);
    expect(scoreQuiz(allAnswered(() => 1)).extraversion).toBe(50);
  });

  it('changes a dimension only through its own statements, in the keyed direction', () => {
    const base = allAnswered(() => 3);
    expect(scoreQuiz(base).extraversion).toBe(50);
    // q10 is reverse-keyed extraversion: agreeing with it lowers extraversion.
    expect(scoreQuiz({ ...base, q10: 5 }).extraversion).toBe(38);
    expect(scoreQuiz({ ...base, q10: 1 }).extraversion).toBe(63);
    // q02 is straight extraversion: agreeing raises it.
    expect(scoreQuiz({ ...base, q02: 5 }).extraversion).toBe(63);
    expect(scoreQuiz({ ...base, q02: 5 }).openness).toBe(50);
  });

  it('refuses to score a quiz with a statement unanswered, and lists what is left in order', () => {
    const { q07: _, ...partial } = agreeingWithHighEnd;
    expect(() => scoreQuiz(partial)).toThrow(/q07/);
    expect(unansweredQuestions(partial).map((q) => q.id)).toEqual(['q07']);
    expect(unansweredQuestions({}).map((q) => q.id)).toEqual(QUIZ_QUESTIONS.map((q) => q.id));
  });

  it('bands scores: under 35 laag, above 65 hoog, the rest gemiddeld', () => {
    expect([0, 34, 35, 50, 65, 66, 100].map(bandOf)).toEqual([
      'laag',
      'laag',
      'gemiddeld',
      'gemiddeld',
      'gemiddeld',
      'hoog',
      'hoog',
    ]);
    expect(dimensionResults({ openness: 80, closeness: 10 })).toEqual([
      { dimension: 'openness', score: 80, band: 'hoog' },
      { dimension: 'closeness', score: 10, band: 'laag' },
    ]);
  });
});

describe('trait suggestions', () => {
  it('only uses keys of the taxonomy', () => {
    for (const rule of QUIZ_TRAIT_RULES) expect(TRAIT_KEYS).toContain(rule.trait);
  });

  it('suggests the traits of the bands reached, most confident at the far end, with the statement as evidence', () => {
    const suggestions = quizTraitSuggestions(agreeingWithHighEnd);
    expect(suggestions.map((s) => s.trait).sort()).toEqual(
      ['adventurous', 'calm', 'caring', 'curious', 'organised', 'romantic', 'social'].sort(),
    );
    for (const s of suggestions) expect(s.confidence).toBe(0.9);
    const social = suggestions.find((s) => s.trait === 'social')!;
    expect(social.evidence).toContain('Sociale energie hoog (100/100)');
    expect(social.evidence).toMatch(/«.+»: (helemaal eens|helemaal oneens)\.$/);
  });

  it('suggests introverted and spontaneous for low extraversion and conscientiousness, nothing for the middle', () => {
    const low = allAnswered((id) => {
      const q = QUIZ_QUESTIONS.find((x) => x.id === id)!;
      if (q.dimension === 'extraversion' || q.dimension === 'conscientiousness') return q.reverse ? 5 : 1;
      return 3;
    });
    const suggestions = quizTraitSuggestions(low);
    expect(suggestions.map((s) => s.trait).sort()).toEqual(['introverted', 'spontaneous']);
    const introverted = suggestions.find((s) => s.trait === 'introverted')!;
    expect(introverted.evidence).toContain('Sociale energie laag (0/100)');
    expect(quizTraitSuggestions(allAnswered(() => 3))).toEqual([]);
  });

  it('is less sure just inside a band than at its far end', () => {
    // Extraversion with straight 5, 4 and reversed 2, 2: keyed 5+4+4+4 = 17/4 → 81.
    const justHigh = { ...allAnswered(() => 3), q02: 5, q16: 4, q10: 2, q23: 2 };
    const social = quizTraitSuggestions(justHigh).find((s) => s.trait === 'social')!;
    expect(social.confidence).toBeGreaterThan(0.5);
    expect(social.confidence).toBeLessThan(0.9);
  });
});

describe('the answer schema', () => {
  it('accepts 1 to 5 for a known statement and refuses anything else with a Dutch message', () => {
    expect(saveQuizAnswerSchema.safeParse({ question_id: 'q01', value: 5 }).success).toBe(true);
    for (const bad of [
      { question_id: 'q01', value: 0 },
      { question_id: 'q01', value: 6 },
      { question_id: 'q01', value: 2.5 },
      { question_id: 'q01', value: '3' },
      { question_id: 'q99', value: 3 },
      {},
    ]) {
      const result = saveQuizAnswerSchema.safeParse(bad);
      expect(result.success, JSON.stringify(bad)).toBe(false);
      expect(result.error?.issues[0]?.message).toMatch(/^(Kies|Deze uitspraak)/);
    }
  });
});
