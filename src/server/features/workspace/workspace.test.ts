import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toBrusselsDayValue } from '../../../shared/date-time';
import {
  type CreatedUser,
  createAdmin,
  createClient,
  createIntakeFeedback,
  createIntakeSession,
  createMatch,
  createMatchmaker,
} from '../../db/factories';
import { matches } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let sofie: CreatedUser;
let lotte: CreatedUser;
const cookies: Record<string, string> = {};
const HOUR = 3_600_000;

beforeAll(async () => {
  t = await createTestApp();
  sofie = await createMatchmaker(t.db, { full_name: 'Sofie Peeters' });
  lotte = await createMatchmaker(t.db, { full_name: 'Lotte Janssens' });
  const admin = await createAdmin(t.db, {});
  const now = t.clock.now().getTime();
  const client = (full_name: string, extra: Record<string, unknown> = {}) =>
    createClient(t.db, {
      full_name,
      assigned_matchmaker_id: sofie.id,
      tier: 'Persoonlijk',
      contract_status: 'active_for_matching',
      ...extra,
    });
  const emma = await client('Emma Claes');
  const bram = await client('Bram Wouters');
  const nina = await client('Nina Maes', { contract_status: 'pending' });
  const tom = await client('Tom Peeters');
  const joke = await client('Joke Smet');
  await createClient(t.db, { full_name: 'Nieuwe Betaler', tier: 'Persoonlijk+' });
  await createClient(t.db, { full_name: 'Lottes Klant', assigned_matchmaker_id: lotte.id, tier: 'Relax+' });

  await createIntakeSession(t.db, {
    user_id: nina.id,
    assigned_matchmaker_id: sofie.id,
    status: 'scheduled',
    scheduled_at: new Date(now + 48 * HOUR),
  });
  await createIntakeSession(t.db, {
    user_id: tom.id,
    assigned_matchmaker_id: sofie.id,
    status: 'scheduled',
    scheduled_at: new Date(now - 3 * HOUR),
  });
  const held = await createIntakeSession(t.db, {
    user_id: emma.id,
    assigned_matchmaker_id: sofie.id,
    status: 'completed',
    scheduled_at: new Date(now - 40 * 24 * HOUR),
  });
  await createIntakeFeedback(t.db, {
    intake_session_id: held.id,
    client_id: emma.id,
    matchmaker_id: sofie.id,
    feedback_requested_at: new Date(now - 5 * 24 * HOUR),
    submitted_at: new Date(now - 2 * 24 * HOUR),
    overall_satisfaction_rating: 4,
  });
  // A proposal whose deadline is a day away (proposed six days ago).
  const expiring = await createMatch(t.db, {
    clientA: emma.id,
    clientB: bram.id,
    matchmaker_id: sofie.id,
    status: 'proposed',
    proposed_at: new Date(now - 6 * 24 * HOUR),
    now: new Date(now),
  });
  const dated = await createMatch(t.db, {
    clientA: tom.id,
    clientB: joke.id,
    matchmaker_id: sofie.id,
    status: 'scheduled',
    now: new Date(now),
  });
  await t.db
    .update(matches)
    .set({ scheduled_at: new Date(now - 2 * HOUR) })
    .where(eq(matches.id, dated.id));
  await createMatch(t.db, {
    clientA: emma.id,
    clientB: joke.id,
    matchmaker_id: sofie.id,
    status: 'completed',
    now: new Date(now),
  });
  void expiring;
  cookies.sofie = await t.login(sofie.email);
  cookies.lotte = await t.login(lotte.email);
  cookies.admin = await t.login(admin.email);
  cookies.emma = await t.login(emma.email);
});
afterAll(async () => {
  await t.close();
});

const dashboard = async (cookie?: string, query = '') => {
  const response = await t.request(`/api/matchmaker/dashboard${query}`, { cookie });
  return { status: response.status, body: await response.json() };
};

describe('GET /api/matchmaker/dashboard', () => {
  it('shows a matchmaker what needs them today: intakes, an expiring proposal, a date to follow up, feedback, clients to claim', async () => {
    const { status, body } = await dashboard(cookies.sofie);
    expect(status).toBe(200);
    expect(body.matchmaker).toEqual({ id: sofie.id, full_name: 'Sofie Peeters' });
    expect(body.todo.intakes_to_hold).toMatchObject({ total: 1, items: [{ label: 'Nina Maes' }] });
    expect(body.todo.intakes_to_complete).toMatchObject({ total: 1, items: [{ label: 'Tom Peeters' }] });
    expect(body.todo.proposals_expiring.total).toBe(1);
    expect(body.todo.proposals_expiring.items[0].label).toMatch(/Emma Claes|Bram Wouters/);
    expect(body.todo.dates_to_follow_up).toMatchObject({ total: 1 });
    expect(body.todo.feedback_to_read.total).toBe(1);
    expect(body.todo.clients_to_claim.total).toBe(1);
  });

  it('counts their clients and matches, the dates of the last 12 months and their ratings', async () => {
    const { body } = await dashboard(cookies.sofie);
    expect(body.numbers.clients_by_status).toMatchObject({ active_for_matching: 4, pending: 1 });
    expect(body.numbers.clients_by_tier).toMatchObject({ Persoonlijk: 5, 'Relax+': 0 });
    expect(body.numbers.matches_by_status).toMatchObject({ proposed: 1, scheduled: 1, completed: 1 });
    expect(body.numbers.completed_dates).toHaveLength(12);
    const thisMonth = toBrusselsDayValue(t.clock.now()).slice(0, 7);
    expect(body.numbers.completed_dates.at(-1).month).toBe(thisMonth);
    const completed = body.numbers.completed_dates.reduce(
      (sum: number, m: { value: number }) => sum + m.value,
      0,
    );
    expect(completed).toBe(1);
    expect(body.numbers.ratings).toMatchObject({ intake_overall: 4, intake_count: 1, matchmaker_count: 0 });
  });

  it("gives another matchmaker only their own, and an admin the agency or one matchmaker's", async () => {
    const lottes = await dashboard(cookies.lotte);
    expect(lottes.body.todo.intakes_to_hold.total).toBe(0);
    expect(lottes.body.numbers.clients_by_tier['Relax+']).toBe(1);
    // Her own id given: the same dashboard.
    expect((await dashboard(cookies.lotte, `?matchmaker_id=${lotte.id}`)).body).toEqual(lottes.body);
    const agency = await dashboard(cookies.admin);
    expect(agency.body.matchmaker).toBeNull();
    expect(agency.body.numbers.clients_by_tier).toMatchObject({
      Persoonlijk: 5,
      'Relax+': 1,
      'Persoonlijk+': 1,
    });
    const one = await dashboard(cookies.admin, `?matchmaker_id=${lotte.id}`);
    expect(one.body.matchmaker).toEqual({ id: lotte.id, full_name: 'Lotte Janssens' });
    expect(one.body.numbers.clients_by_tier.Persoonlijk).toBe(0);
  });

  it("refuses a visitor, a client, a matchmaker asking for another's; an unknown matchmaker is a 404; bad input a 400", async () => {
    expect(await dashboard()).toMatchObject({ status: 401, body: { code: 'NOT_AUTHENTICATED' } });
    expect(await dashboard(cookies.emma)).toMatchObject({ status: 403, body: { code: 'UNAUTHORIZED' } });
    expect(await dashboard(cookies.sofie, `?matchmaker_id=${lotte.id}`)).toMatchObject({
      status: 403,
      body: { code: 'UNAUTHORIZED' },
    });
    expect(await dashboard(cookies.admin, '?matchmaker_id=niemand')).toMatchObject({
      status: 404,
      body: { code: 'NOT_FOUND' },
    });
    const bad = await dashboard(cookies.admin, `?matchmaker_id=${'x'.repeat(101)}`);
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('BAD_REQUEST');
  });
});
