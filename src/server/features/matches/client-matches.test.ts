import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../shared/messages';
import { createClient, createMatch, createMatchFeedback, createMatchmaker } from '../../db/factories';
import { client_match_responses } from '../../db/schema';
import { expectRefused } from '../../test/expect-refused';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/me/proposed-matches', () => {
  it('lists the open proposals of the client with only the first name of the other person', async () => {
    const matchmaker = await createMatchmaker(t.db);
    const emma = await createClient(t.db, { full_name: 'Emma Geheim', email: 'emma.geheim@example.be' });
    const jan = await createClient(t.db, { full_name: 'Jan Achternaam', email: 'jan.prive@example.be' });
    const third = await createClient(t.db, { full_name: 'Derde Persoon' });
    const open = await createMatch(t.db, { clientA: emma.id, clientB: jan.id, matchmaker_id: matchmaker.id });
    await createMatch(t.db, { clientA: emma.id, clientB: third.id, status: 'accepted' });

    const cookie = await t.login(emma.email);
    const response = await t.request('/api/me/proposed-matches', { cookie });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.matches).toHaveLength(1);
    expect(body.matches[0]).toMatchObject({
      id: open.id,
      status: 'proposed',
      other: { first_name: 'Jan' },
      my_response: null,
    });
    const text = JSON.stringify(body);
    expect(text).not.toContain('Achternaam');
    expect(text).not.toContain('jan.prive@example.be');

    // Jan's view: his answer is shown, Emma's surname is not.
    await t.db
      .insert(client_match_responses)
      .values({ match_id: open.id, client_id: jan.id, response: 'accepted' });
    const jans = await (
      await t.request('/api/me/proposed-matches', { cookie: await t.login(jan.email) })
    ).json();
    expect(jans.matches[0]).toMatchObject({ other: { first_name: 'Emma' }, my_response: 'accepted' });
    expect(JSON.stringify(jans)).not.toContain('Geheim');

    // A third client sees none of it.
    const thirds = await (
      await t.request('/api/me/proposed-matches', { cookie: await t.login(third.email) })
    ).json();
    expect(thirds.matches).toEqual([]);
  });

  it('is for clients only: 401 anonymous, 403 for a matchmaker', async () => {
    await expectRefused(await t.request('/api/me/proposed-matches'), 401, 'NOT_AUTHENTICATED');
    const matchmaker = await createMatchmaker(t.db);
    const response = await t.request('/api/me/proposed-matches', { cookie: await t.login(matchmaker.email) });
    await expectRefused(response, 403, 'UNAUTHORIZED', MESSAGES.unauthorized);
  });
});

describe('GET /api/me/matches', () => {
  const DAY = 86_400_000;
  const daysAgo = (days: number) => new Date(Date.now() - days * DAY);

  it('lists the accepted, scheduled and completed matches of the client, newest first, by first name only', async () => {
    const noor = await createClient(t.db, { full_name: 'Noor Vermeulen', email: 'noor.v@example.be' });
    const clientNamed = (full_name: string, email: string) => createClient(t.db, { full_name, email });
    const pieter = await clientNamed('Pieter Janssens', 'pieter.prive@example.be');
    const quinten = await clientNamed('Quinten Maes', 'quinten.prive@example.be');
    const ruben = await clientNamed('Ruben De Smet', 'ruben.prive@example.be');
    const stijn = await clientNamed('Stijn Wuyts', 'stijn.prive@example.be');
    const tom = await clientNamed('Tom Proost', 'tom.prive@example.be');
    const umar = await clientNamed('Umar Rejan', 'umar.prive@example.be');
    const vic = await clientNamed('Vic Afgelast', 'vic.prive@example.be');
    const others = [pieter, quinten, ruben, stijn, tom, umar, vic];
    const accepted = await createMatch(t.db, {
      clientA: noor.id,
      clientB: pieter.id,
      status: 'accepted',
      proposed_at: daysAgo(20),
    });
    const scheduled = await createMatch(t.db, {
      clientA: noor.id,
      clientB: quinten.id,
      status: 'scheduled',
      proposed_at: daysAgo(15),
    });
    const completedWithFeedback = await createMatch(t.db, {
      clientA: noor.id,
      clientB: ruben.id,
      status: 'completed',
      proposed_at: daysAgo(10),
    });
    const completed = await createMatch(t.db, {
      clientA: noor.id,
      clientB: stijn.id,
      status: 'completed',
      proposed_at: daysAgo(5),
    });
    await createMatchFeedback(t.db, { match_id: completedWithFeedback.id, client_id: noor.id, rating: 4 });
    // Only the other person gave feedback on this one.
    await createMatchFeedback(t.db, { match_id: completed.id, client_id: stijn.id, rating: 5 });
    await createMatch(t.db, {
      clientA: noor.id,
      clientB: tom.id,
      status: 'proposed',
      proposed_at: daysAgo(1),
    });
    // Issue 27: declined by Umar, so Noor hears it does not go on (never why).
    const declinedByUmar = await createMatch(t.db, {
      clientA: noor.id,
      clientB: umar.id,
      status: 'rejected',
      accepted_by: noor.id,
      rejection_reason: 'Niet mijn type',
      proposed_at: daysAgo(2),
    });
    await createMatch(t.db, {
      clientA: noor.id,
      clientB: vic.id,
      status: 'cancelled',
      proposed_at: daysAgo(3),
    });
    // A match of two other clients.
    const notNoors = await createMatch(t.db, {
      clientA: pieter.id,
      clientB: quinten.id,
      status: 'accepted',
      proposed_at: daysAgo(4),
    });

    const response = await t.request('/api/me/matches', { cookie: await t.login(noor.email) });
    expect(response.status).toBe(200);
    const text = await response.text();
    for (const other of others) {
      expect(text).not.toContain(other.email);
      expect(text).not.toContain(other.full_name.split(' ').slice(1).join(' '));
    }
    const body = JSON.parse(text) as { matches: { id: string; other: { first_name: string } }[] };
    expect(body.matches.map((m) => m.id)).toEqual([
      declinedByUmar.id,
      completed.id,
      completedWithFeedback.id,
      scheduled.id,
      accepted.id,
    ]);
    expect(body.matches.map((m) => m.id)).not.toContain(notNoors.id);
    expect(body.matches.shift()).toMatchObject({
      status: 'rejected',
      other: { first_name: 'Umar' },
      date: null,
    });
    expect(text).not.toContain('Niet mijn type');
    expect(body.matches[0]).toEqual({
      id: completed.id,
      status: 'completed',
      accepted_at: completed.accepted_at!.toISOString(),
      scheduled_at: completed.scheduled_at!.toISOString(),
      // Issue 27: the date took place at its planned time.
      completed_at: completed.scheduled_at!.toISOString(),
      cancelled_at: null,
      other: { id: stijn.id, first_name: 'Stijn' },
      date: { place_name: null, place_address: null, place_url: null, message: null, move_requested: false },
      feedback_given: false,
    });
    expect(body.matches[1]).toMatchObject({ other: { first_name: 'Ruben' }, feedback_given: true });
    expect(body.matches[2]).toMatchObject({
      status: 'scheduled',
      completed_at: null,
      other: { first_name: 'Quinten' },
      feedback_given: false,
    });
    expect(body.matches[3]).toMatchObject({
      status: 'accepted',
      scheduled_at: null,
      other: { first_name: 'Pieter' },
    });

    // Stijn's view of the same match: Noor by first name, and his own feedback.
    const stijns = await (await t.request('/api/me/matches', { cookie: await t.login(stijn.email) })).json();
    expect(stijns.matches).toEqual([
      expect.objectContaining({
        id: completed.id,
        other: { id: noor.id, first_name: 'Noor' },
        feedback_given: true,
      }),
    ]);
    expect(JSON.stringify(stijns)).not.toContain('Vermeulen');
    expect(JSON.stringify(stijns)).not.toContain('noor.v@example.be');
  });

  it('answers an empty list to a client without matches', async () => {
    const lonely = await createClient(t.db);
    const response = await t.request('/api/me/matches', { cookie: await t.login(lonely.email) });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ matches: [] });
  });

  it('is for clients only: 401 anonymous, 403 for a matchmaker', async () => {
    await expectRefused(await t.request('/api/me/matches'), 401, 'NOT_AUTHENTICATED');
    const matchmaker = await createMatchmaker(t.db);
    const response = await t.request('/api/me/matches', { cookie: await t.login(matchmaker.email) });
    await expectRefused(response, 403, 'UNAUTHORIZED', MESSAGES.unauthorized);
  });
});
