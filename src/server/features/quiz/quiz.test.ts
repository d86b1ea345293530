import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../shared/messages';
import {
  type LatestQuizResultResponse,
  QUIZ_DIMENSIONS,
  QUIZ_QUESTIONS,
  QUIZ_VERSION,
  type QuizAttempt,
  type QuizResult,
  type QuizStateResponse,
} from '../../../shared/quiz';
import { type CreatedUser, createAdmin, createClient, createMatchmaker } from '../../db/factories';
import { client_traits, quiz_answers, quiz_attempts } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { exportQuizData, latestQuizResult, latestQuizScores } from './quiz.service';

let t: TestApp;
let sofie: CreatedUser;
const cookies: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  sofie = await createMatchmaker(t.db, { full_name: 'Sofie Peeters' });
  const admin = await createAdmin(t.db, {});
  cookies.sofie = await t.login(sofie.email);
  cookies.admin = await t.login(admin.email);
});
afterAll(async () => {
  await t.close();
});

/** A new client of the test's own, logged in: nothing of the quiz is theirs yet. */
async function newClient(full_name: string, assigned_matchmaker_id?: string) {
  const user = await createClient(t.db, { full_name, assigned_matchmaker_id });
  return { user, cookie: await t.login(user.email) };
}

const start = (cookie?: string) => t.request('/api/me/quiz/attempts', { method: 'POST', cookie });
const answer = (id: string, body: unknown, cookie?: string) =>
  t.request(`/api/me/quiz/attempts/${id}/answers`, { method: 'PUT', json: body, cookie });
const finish = (id: string, cookie?: string) =>
  t.request(`/api/me/quiz/attempts/${id}/finish`, { method: 'POST', cookie });
const state = async (cookie: string) =>
  (await (await t.request('/api/me/quiz', { cookie })).json()) as QuizStateResponse;
const latest = async (cookie: string) =>
  (await (await t.request('/api/me/quiz/result', { cookie })).json()) as LatestQuizResultResponse;

/** The answer that points to the high (or low) end of the statement's dimension. */
const toward = (end: 'high' | 'low') => (q: (typeof QUIZ_QUESTIONS)[number]) =>
  (end === 'high') !== q.reverse ? 5 : 1;

async function answerAll(id: string, cookie: string, value: (q: (typeof QUIZ_QUESTIONS)[number]) => number) {
  for (const q of QUIZ_QUESTIONS) {
    const response = await answer(id, { question_id: q.id, value: value(q) }, cookie);
    expect(response.status).toBe(200);
  }
}

/** A whole attempt through the API: started, every statement answered toward one end, finished. */
async function finishedAttempt(cookie: string, end: 'high' | 'low') {
  const started = await start(cookie);
  expect(started.status).toBe(201);
  const { attempt } = (await started.json()) as { attempt: QuizAttempt };
  await answerAll(attempt.id, cookie, toward(end));
  expect((await finish(attempt.id, cookie)).status).toBe(200);
  return attempt.id;
}

async function quizTraits(client_id: string) {
  return t.db
    .select()
    .from(client_traits)
    .where(and(eq(client_traits.client_id, client_id), eq(client_traits.source, 'quiz')));
}

// A journey: each step goes on from the attempt the step before left (start, answer, finish, retake).
describe('the whole quiz, as a client', { shuffle: false }, () => {
  let attemptId: string;
  let emma: CreatedUser;
  let emmaSofie: CreatedUser;
  beforeAll(async () => {
    emmaSofie = await createMatchmaker(t.db, { full_name: 'Sofie Peeters' });
    const client = await newClient('Emma Claes', emmaSofie.id);
    emma = client.user;
    cookies.emma = client.cookie;
  });

  it('starts with nothing: no attempt, no result, not finished', async () => {
    expect(await state(cookies.emma!)).toEqual({ current: null, results: [] });
    expect(await latest(cookies.emma!)).toEqual({ finished: false, in_progress: false, result: null });
  });

  it('starts an attempt (201), and starting again resumes the same one (200)', async () => {
    const first = await start(cookies.emma);
    expect(first.status).toBe(201);
    const { attempt } = (await first.json()) as { attempt: QuizAttempt };
    expect(attempt).toMatchObject({ quiz_version: QUIZ_VERSION, answers: [] });
    attemptId = attempt.id;
    const again = await start(cookies.emma);
    expect(again.status).toBe(200);
    expect(((await again.json()) as { attempt: QuizAttempt }).attempt.id).toBe(attemptId);
    expect(await latest(cookies.emma!)).toEqual({ finished: false, in_progress: true, result: null });
  });

  it('saves each answer as it goes, and changing one keeps one row (a reload sees the latest)', async () => {
    const saved = await answer(attemptId, { question_id: 'q01', value: 4 }, cookies.emma);
    expect(saved.status).toBe(200);
    expect(await saved.json()).toEqual({
      question_id: 'q01',
      value: 4,
      answered: 1,
      total: QUIZ_QUESTIONS.length,
    });
    await answer(attemptId, { question_id: 'q02', value: 2 }, cookies.emma);
    const changed = await answer(attemptId, { question_id: 'q01', value: 5 }, cookies.emma);
    expect(((await changed.json()) as { answered: number }).answered).toBe(2);
    const { current } = await state(cookies.emma!);
    expect(current?.id).toBe(attemptId);
    expect(current?.answers).toEqual([
      { question_id: 'q01', value: 5 },
      { question_id: 'q02', value: 2 },
    ]);
  });

  it('refuses to finish before every statement is answered, with a Dutch reason', async () => {
    const response = await finish(attemptId, cookies.emma);
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ error: MESSAGES.quizIncomplete, code: 'QUIZ_INCOMPLETE' });
    const [row] = await t.db.select().from(quiz_attempts).where(eq(quiz_attempts.id, attemptId));
    expect(row?.finished_at).toBeNull();
  });

  it('finishes: a score and band for every dimension, reverse-keyed statements counted the right way', async () => {
    await answerAll(attemptId, cookies.emma!, toward('high'));
    const response = await finish(attemptId, cookies.emma);
    expect(response.status).toBe(200);
    const { result } = (await response.json()) as { result: QuizResult };
    expect(result.attempt_id).toBe(attemptId);
    expect(result.dimensions.map((d) => d.dimension)).toEqual([...QUIZ_DIMENSIONS]);
    for (const d of result.dimensions) expect(d).toMatchObject({ score: 100, band: 'hoog' });
    // Finishing twice (a double click) answers the same result.
    const again = await finish(attemptId, cookies.emma);
    expect(again.status).toBe(200);
    expect(((await again.json()) as { result: QuizResult }).result).toEqual(result);
    expect(await latest(cookies.emma!)).toEqual({ finished: true, in_progress: false, result });
    expect(await latestQuizResult({ ctx: t.ctx, clientId: emma.id })).toEqual({
      finished: true,
      in_progress: false,
      result,
    });
  });

  it('stores trait suggestions for the matchmaker: source quiz, status suggested, with evidence', async () => {
    const traits = await quizTraits(emma.id);
    expect(traits.map((r) => r.trait).sort()).toEqual(
      ['adventurous', 'calm', 'caring', 'curious', 'organised', 'romantic', 'social'].sort(),
    );
    for (const row of traits) {
      expect(row.status).toBe('suggested');
      expect(row.confidence).toBeCloseTo(0.9);
      expect(row.evidence).toMatch(/^Quiz: /);
    }
  });

  it('refuses a changed answer once the attempt is finished', async () => {
    const response = await answer(attemptId, { question_id: 'q01', value: 1 }, cookies.emma);
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({
      error: MESSAGES.quizAttemptFinished,
      code: 'QUIZ_ATTEMPT_FINISHED',
    });
  });

  it('a retake is a new attempt and keeps the history; decided traits stay as the matchmaker left them', async () => {
    // Sofie confirmed 'social' and rejected 'calm'; an intake tag is no business of the quiz.
    const now = new Date();
    await t.db
      .update(client_traits)
      .set({ status: 'confirmed', decided_by: emmaSofie.id, decided_at: now })
      .where(and(eq(client_traits.client_id, emma.id), eq(client_traits.trait, 'social')));
    await t.db
      .update(client_traits)
      .set({ status: 'rejected', decided_by: emmaSofie.id, decided_at: now })
      .where(and(eq(client_traits.client_id, emma.id), eq(client_traits.trait, 'calm')));
    await t.db.insert(client_traits).values({
      client_id: emma.id,
      trait: 'curious',
      confidence: 0.7,
      source: 'intake_ai',
      evidence: 'Ze is nieuwsgierig.',
    });

    const retake = await start(cookies.emma);
    expect(retake.status).toBe(201);
    const { attempt } = (await retake.json()) as { attempt: QuizAttempt };
    expect(attempt.id).not.toBe(attemptId);
    expect(attempt.answers).toEqual([]);
    const during = await state(cookies.emma!);
    expect(during.current?.id).toBe(attempt.id);
    expect(during.results.map((r) => r.attempt_id)).toEqual([attemptId]);
    // Meanwhile the latest result is still the first one.
    expect((await latest(cookies.emma!)).result?.attempt_id).toBe(attemptId);

    await answerAll(attempt.id, cookies.emma!, toward('low'));
    const { result } = (await (await finish(attempt.id, cookies.emma)).json()) as { result: QuizResult };
    for (const d of result.dimensions) expect(d).toMatchObject({ score: 0, band: 'laag' });

    const after = await state(cookies.emma!);
    expect(after.current).toBeNull();
    expect(after.results.map((r) => r.attempt_id)).toEqual([attempt.id, attemptId]);
    expect(after.results[1]!.dimensions.every((d) => d.band === 'hoog')).toBe(true);

    const traits = await quizTraits(emma.id);
    const byTrait = Object.fromEntries(traits.map((r) => [r.trait, r.status]));
    // New suggestions of this attempt, the decided ones untouched, the old suggestions withdrawn.
    expect(byTrait).toEqual({
      introverted: 'suggested',
      spontaneous: 'suggested',
      social: 'confirmed',
      calm: 'rejected',
    });
    const [intake] = await t.db
      .select()
      .from(client_traits)
      .where(and(eq(client_traits.client_id, emma.id), eq(client_traits.source, 'intake_ai')));
    expect(intake).toMatchObject({ trait: 'curious', status: 'suggested', confidence: 0.7 });
  });
});

describe('who may call the quiz', () => {
  it('answers 401 to a visitor on every endpoint', async () => {
    const some = '00000000-0000-4000-8000-000000000000';
    for (const response of [
      await t.request('/api/me/quiz'),
      await t.request('/api/me/quiz/result'),
      await start(),
      await answer(some, { question_id: 'q01', value: 3 }),
      await finish(some),
    ]) {
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ error: MESSAGES.notAuthenticated, code: 'NOT_AUTHENTICATED' });
    }
  });

  it('answers 403 to staff on every endpoint (the quiz is a client’s own)', async () => {
    const some = '00000000-0000-4000-8000-000000000000';
    for (const cookie of [cookies.sofie, cookies.admin]) {
      for (const response of [
        await t.request('/api/me/quiz', { cookie }),
        await t.request('/api/me/quiz/result', { cookie }),
        await start(cookie),
        await answer(some, { question_id: 'q01', value: 3 }, cookie),
        await finish(some, cookie),
      ]) {
        expect(response.status).toBe(403);
        expect(await response.json()).toEqual({ error: MESSAGES.unauthorized, code: 'UNAUTHORIZED' });
      }
    }
    expect(await t.db.select().from(quiz_attempts).where(eq(quiz_attempts.client_id, sofie.id))).toEqual([]);
  });

  it("answers 404 to another client's attempt, and changes nothing in it", async () => {
    const lucas = await newClient('Lucas Wouters');
    const emma = await newClient('Emma Claes');
    const { attempt } = (await (await start(lucas.cookie)).json()) as { attempt: QuizAttempt };
    await answer(attempt.id, { question_id: 'q03', value: 2 }, lucas.cookie);
    const other = await answer(attempt.id, { question_id: 'q03', value: 5 }, emma.cookie);
    expect(other.status).toBe(404);
    expect(await other.json()).toEqual({
      error: MESSAGES.quizAttemptNotFound,
      code: 'QUIZ_ATTEMPT_NOT_FOUND',
    });
    const finishOther = await finish(attempt.id, emma.cookie);
    expect(finishOther.status).toBe(404);
    expect((await finishOther.json()).code).toBe('QUIZ_ATTEMPT_NOT_FOUND');
    const rows = await t.db.select().from(quiz_answers).where(eq(quiz_answers.attempt_id, attempt.id));
    expect(rows.map((r) => [r.question_id, r.value])).toEqual([['q03', 2]]);
    const [row] = await t.db.select().from(quiz_attempts).where(eq(quiz_attempts.id, attempt.id));
    expect(row).toMatchObject({ client_id: lucas.user.id, finished_at: null });
    // Lucas's open attempt is not Emma's business either: her state does not show it.
    expect((await state(emma.cookie)).current).toBeNull();
  });
});

describe('bad input', () => {
  let attemptId: string;
  beforeAll(async () => {
    const client = await createClient(t.db, { full_name: 'Bad Input' });
    cookies.bad = await t.login(client.email);
    attemptId = ((await (await start(cookies.bad)).json()) as { attempt: QuizAttempt }).attempt.id;
  });

  it.each([
    [{ question_id: 'q01', value: 0 }, MESSAGES.quizChooseAnswer],
    [{ question_id: 'q01', value: 6 }, MESSAGES.quizChooseAnswer],
    [{ question_id: 'q01', value: 2.5 }, MESSAGES.quizChooseAnswer],
    [{ question_id: 'q01', value: '3' }, MESSAGES.quizChooseAnswer],
    [{ question_id: 'q01' }, MESSAGES.quizChooseAnswer],
    [{ question_id: 'q99', value: 3 }, MESSAGES.quizUnknownQuestion],
    [{ value: 3 }, MESSAGES.quizUnknownQuestion],
  ])('refuses %j with 400 and a Dutch message, storing nothing', async (body, message) => {
    const response = await answer(attemptId, body, cookies.bad);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: message, code: 'BAD_REQUEST' });
    expect(await t.db.select().from(quiz_answers).where(eq(quiz_answers.attempt_id, attemptId))).toEqual([]);
  });

  it('refuses an attempt id that is not an id (400) and one that does not exist (404)', async () => {
    const notAnId = await answer('abc', { question_id: 'q01', value: 3 }, cookies.bad);
    expect(notAnId.status).toBe(400);
    expect(await notAnId.json()).toMatchObject({ code: 'BAD_REQUEST', error: MESSAGES.quizAttemptNotFound });
    expect((await finish('abc', cookies.bad)).status).toBe(400);
    const unknown = await finish('00000000-0000-4000-8000-000000000000', cookies.bad);
    expect(unknown.status).toBe(404);
  });

  it('refuses a body that is not JSON with a 4xx in the usual shape', async () => {
    const response = await t.request(`/api/me/quiz/attempts/${attemptId}/answers`, {
      method: 'PUT',
      cookie: cookies.bad,
      headers: { 'content-type': 'application/json' },
      body: '{"question_id":',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: expect.any(String), error: expect.any(String) });
  });
});

describe('the helpers other features use', () => {
  it('exportQuizData gives every attempt of the client with its answers, and nothing of anyone else', async () => {
    const emma = await newClient('Emma Claes', sofie.id);
    const lucas = await newClient('Lucas Wouters');
    await finishedAttempt(emma.cookie, 'high');
    const retake = await finishedAttempt(emma.cookie, 'low');
    // Lucas started, and answered one statement: an attempt in progress.
    const { attempt } = (await (await start(lucas.cookie)).json()) as { attempt: QuizAttempt };
    await answer(attempt.id, { question_id: 'q01', value: 3 }, lucas.cookie);

    const data = await exportQuizData({ ctx: t.ctx, clientId: emma.user.id });
    expect(data.quiz_attempts).toHaveLength(2);
    expect(data.quiz_attempts.every((a) => a.client_id === emma.user.id)).toBe(true);
    expect(data.quiz_attempts.map((a) => a.answers.length)).toEqual([
      QUIZ_QUESTIONS.length,
      QUIZ_QUESTIONS.length,
    ]);
    expect((await exportQuizData({ ctx: t.ctx, clientId: sofie.id })).quiz_attempts).toEqual([]);

    const scores = await latestQuizScores({ ctx: t.ctx, clientIds: [emma.user.id, lucas.user.id, sofie.id] });
    // Emma's latest finished attempt is the retake (all low); Lucas has none finished.
    expect([...scores.keys()]).toEqual([emma.user.id]);
    expect(Object.values(scores.get(emma.user.id)!).every((s) => s === 0)).toBe(true);
    expect((await latestQuizResult({ ctx: t.ctx, clientId: emma.user.id })).result?.attempt_id).toBe(retake);
    expect(await latestQuizResult({ ctx: t.ctx, clientId: lucas.user.id })).toEqual({
      finished: false,
      in_progress: true,
      result: null,
    });
  });
});
