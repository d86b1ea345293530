import { and, eq, inArray, like } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brusselsToInstant, toBrusselsDayValue } from '../../../shared/date-time';
import type { ClientMatch, Match } from '../../../shared/matches';
import { type CreatedUser, createClient, createMatch, createMatchmaker } from '../../db/factories';
import { email_outbox, match_follow_up, matches } from '../../db/schema';
import { expectRefused } from '../../test/expect-refused';
import { createTestApp, type TestApp } from '../../test/test-app';
import { sweepDateReminders } from './dates.service';

/**
 * Issue 27 (decision 027): the date, delivered. Planning, moving and cancelling mail both clients
 * an iCalendar invitation (read back here by ical.js, not by our own code), the reminder goes out
 * once, a held date took place at its planned time, and a decline tells the other client kindly.
 */

const DAY = 86_400_000;
let t: TestApp;
let sofie: CreatedUser;
let sofieCookie: string;

beforeAll(async () => {
  t = await createTestApp();
  sofie = await createMatchmaker(t.db, { full_name: 'Sofie Peeters' });
  sofieCookie = await t.login(sofie.email);
});
afterAll(async () => {
  await t.close();
});

/** Two clients of Sofie who both said yes, each with their session. */
async function acceptedPair(status: 'accepted' | 'proposed' = 'accepted') {
  const noor = await createClient(t.db, {
    full_name: 'Noor Janssens',
    assigned_matchmaker_id: sofie.id,
    contract_status: 'active_for_matching',
  });
  const pieter = await createClient(t.db, {
    full_name: 'Pieter De Smet',
    assigned_matchmaker_id: sofie.id,
    contract_status: 'active_for_matching',
  });
  const match = await createMatch(t.db, {
    clientA: noor.id,
    clientB: pieter.id,
    matchmaker_id: sofie.id,
    status,
    now: t.clock.now(),
  });
  return {
    match,
    noor: { ...noor, cookie: await t.login(noor.email) },
    pieter: { ...pieter, cookie: await t.login(pieter.email) },
  };
}

/** 19:30 on the Brussels clock, `days` days from the app's now. */
const eveningIn = (days: number) =>
  brusselsToInstant(toBrusselsDayValue(new Date(t.clock.now().getTime() + days * DAY)), '19:30')!;

const outcome = (id: string, body: unknown, cookie = sofieCookie) =>
  t.request(`/api/matches/${id}/outcome`, { json: body, cookie });

const mailsTo = (address: string, template?: string) =>
  t.db
    .select()
    .from(email_outbox)
    .where(
      and(eq(email_outbox.to_address, address), template ? eq(email_outbox.template, template) : undefined),
    )
    .orderBy(email_outbox.created_at);

/** An .ics as a calendar program reads it (ical.js), with its time zone registered from the file. */
function readIcs(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  const zone = calendar.getFirstSubcomponent('vtimezone');
  if (zone) ICAL.TimezoneService.register(zone);
  const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!);
  return {
    method: calendar.getFirstPropertyValue('method'),
    timeZone: zone?.getFirstPropertyValue('tzid') ?? null,
    uid: event.uid,
    sequence: event.sequence,
    start: event.startDate.toJSDate(),
    startZone: event.startDate.zone?.tzid,
    startLocal: event.startDate.toString(),
    end: event.endDate.toJSDate(),
    location: event.location,
    description: event.description,
    status: event.component.getFirstPropertyValue('status'),
    attendee: String(event.component.getFirstPropertyValue('attendee') ?? ''),
  };
}

/** The one .ics attached to a mail. */
function icsOf(mail: typeof email_outbox.$inferSelect) {
  expect(mail.attachments).toHaveLength(1);
  const [file] = mail.attachments!;
  expect(file!.filename.endsWith('.ics')).toBe(true);
  return { contentType: file!.content_type, ...readIcs(file!.content) };
}

describe('planning, moving and cancelling a date (issue 27 item 1)', () => {
  it('mails both clients the place, the message and an invitation whose UID stays while SEQUENCE rises; cancelling sends METHOD:CANCEL', async () => {
    const { match, noor, pieter } = await acceptedPair();
    const first = eveningIn(10);
    const planned = await outcome(match.id, {
      outcome: 'scheduled',
      scheduled_at: first.toISOString(),
      place_name: 'Café De Zwaan',
      place_address: 'Grote Markt 1, 2000 Antwerpen',
      place_url: 'https://dezwaan.example.be',
      message: 'Noor herken je aan haar rode sjaal. Veel plezier, jullie twee!',
      note: 'Intern: Pieter is wat zenuwachtig',
    });
    expect(planned.status).toBe(200);
    const { match: saved } = (await planned.json()) as { match: Match };
    expect(saved).toMatchObject({
      status: 'scheduled',
      scheduled_at: first.toISOString(),
      date_place_name: 'Café De Zwaan',
      date_place_address: 'Grote Markt 1, 2000 Antwerpen',
      date_message: 'Noor herken je aan haar rode sjaal. Veel plezier, jullie twee!',
      date_sequence: 0,
    });

    const uids = new Set<string>();
    for (const [client, other] of [
      [noor, 'Pieter'],
      [pieter, 'Noor'],
    ] as const) {
      const [mail] = await mailsTo(client.email, 'date-planned');
      expect(mail!.subject).toBe(`Jullie date met ${other} is gepland`);
      expect(mail!.text).toContain('Café De Zwaan, Grote Markt 1, 2000 Antwerpen');
      expect(mail!.text).toContain('https://www.openstreetmap.org/search?query=Grote+Markt+1');
      expect(mail!.text).toContain('rode sjaal');
      // The staff note stays with staff.
      expect(mail!.text).not.toContain('zenuwachtig');
      const ics = icsOf(mail!);
      expect(ics.contentType).toBe('text/calendar; charset=utf-8; method=REQUEST');
      expect(ics).toMatchObject({
        method: 'REQUEST',
        timeZone: 'Europe/Brussels',
        startZone: 'Europe/Brussels',
        sequence: 0,
        status: 'CONFIRMED',
        location: 'Café De Zwaan, Grote Markt 1, 2000 Antwerpen',
      });
      expect(ics.startLocal.endsWith('T19:30:00')).toBe(true);
      expect(ics.start.getTime()).toBe(first.getTime());
      expect(ics.end.getTime() - ics.start.getTime()).toBe(2 * 60 * 60_000);
      expect(ics.description).toContain('rode sjaal');
      expect(ics.attendee).toBe(`mailto:${client.email}`);
      uids.add(ics.uid);
    }
    // One date, one UID: both calendars hold the same event.
    expect(uids.size).toBe(1);
    const [uid] = [...uids];

    // Moved: a new time, the same place; both hear, with SEQUENCE 1 under the same UID.
    const moved = eveningIn(12);
    const response = await outcome(match.id, { outcome: 'scheduled', scheduled_at: moved.toISOString() });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { match: Match }).match).toMatchObject({
      date_sequence: 1,
      date_place_name: 'Café De Zwaan',
    });
    for (const client of [noor, pieter]) {
      const [mail] = await mailsTo(client.email, 'date-moved');
      expect(mail!.subject).toMatch(/is verzet$/);
      const ics = icsOf(mail!);
      expect(ics).toMatchObject({ method: 'REQUEST', uid, sequence: 1 });
      expect(ics.start.getTime()).toBe(moved.getTime());
    }

    // The client's own download: the same event, as the mails have it now.
    const download = await t.request(`/api/me/matches/${match.id}/date.ics`, { cookie: noor.cookie });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toContain('text/calendar');
    expect(readIcs(await download.text())).toMatchObject({ method: 'PUBLISH', uid, sequence: 1 });

    // Cancelled: METHOD:CANCEL, the same UID, the sequence raised again.
    expect((await outcome(match.id, { outcome: 'cancelled' })).status).toBe(200);
    for (const client of [noor, pieter]) {
      const [mail] = await mailsTo(client.email, 'date-cancelled');
      const ics = icsOf(mail!);
      expect(ics.contentType).toContain('method=CANCEL');
      expect(ics).toMatchObject({ method: 'CANCEL', uid, sequence: 2, status: 'CANCELLED' });
      expect(mail!.text).toContain('Je matchmaker blijft voor je zoeken');
    }
    // A cancelled date is no longer downloadable.
    await expectRefused(
      await t.request(`/api/me/matches/${match.id}/date.ics`, { cookie: noor.cookie }),
      404,
      'DATE_NOT_PLANNED',
    );
  });

  it('queues the mails in the transaction of the change: of two plannings at once one wins and mails, a refused one mails nothing', async () => {
    const { match, noor, pieter } = await acceptedPair();
    const [a, b] = await Promise.all([
      outcome(match.id, { outcome: 'scheduled', scheduled_at: eveningIn(5).toISOString(), place_name: 'A' }),
      outcome(match.id, { outcome: 'scheduled', scheduled_at: eveningIn(6).toISOString(), place_name: 'B' }),
    ]);
    // Truly at once, the second is refused (409) and mails nothing. When the machine runs them one
    // after the other (PostgreSQL on a busy machine), the second is a move of the first: mailed so.
    const statuses = [a.status, b.status].sort();
    const serial = statuses[1] === 200;
    expect(statuses).toEqual(serial ? [200, 200] : [200, 409]);
    const [row] = await t.db.select().from(matches).where(eq(matches.id, match.id));
    for (const client of [noor, pieter]) {
      const mails = await mailsTo(client.email);
      expect(mails.map((m) => m.template)).toEqual(
        serial ? ['date-planned', 'date-moved'] : ['date-planned'],
      );
      // The last mail tells the planning that was stored.
      const last = mails[mails.length - 1]!;
      expect(icsOf(last).start.getTime()).toBe(row!.scheduled_at!.getTime());
      expect(last.text).toContain(`Waar: ${row!.date_place_name}`);
    }
    // A move before the acceptance is refused, and nobody is mailed.
    const early = new Date(new Date(match.accepted_at!).getTime() - DAY);
    await expectRefused(
      await outcome(match.id, { outcome: 'scheduled', scheduled_at: early.toISOString() }),
      409,
      'MATCH_DATE_BEFORE_ACCEPTANCE',
    );
    expect((await mailsTo(noor.email)).map((m) => m.template).sort()).toEqual(
      serial ? ['date-moved', 'date-planned'] : ['date-planned'],
    );
  });

  it('refuses bad input and other callers', async () => {
    const { match, noor } = await acceptedPair();
    await expectRefused(
      await outcome(match.id, {
        outcome: 'scheduled',
        scheduled_at: eveningIn(3).toISOString(),
        place_url: 'javascript:alert(1)',
      }),
      400,
      'BAD_REQUEST',
    );
    await expectRefused(
      await outcome(match.id, {
        outcome: 'scheduled',
        scheduled_at: eveningIn(3).toISOString(),
        place_name: 'x'.repeat(201),
      }),
      400,
      'BAD_REQUEST',
    );
    await expectRefused(
      await outcome(
        match.id,
        { outcome: 'scheduled', scheduled_at: eveningIn(3).toISOString() },
        noor.cookie,
      ),
      403,
      'UNAUTHORIZED',
    );
    // The download: only the two clients, only a planned date.
    const stranger = await createClient(t.db, { full_name: 'Stan Vreemd' });
    const path = `/api/me/matches/${match.id}/date.ics`;
    await expectRefused(await t.request(path), 401, 'NOT_AUTHENTICATED');
    await expectRefused(await t.request(path, { cookie: noor.cookie }), 404, 'DATE_NOT_PLANNED');
    expect(
      (await outcome(match.id, { outcome: 'scheduled', scheduled_at: eveningIn(3).toISOString() })).status,
    ).toBe(200);
    await expectRefused(await t.request(path, { cookie: await t.login(stranger.email) }), 404, 'NOT_FOUND');
    await expectRefused(await t.request(path, { cookie: sofieCookie }), 403, 'UNAUTHORIZED');
    await expectRefused(
      await t.request('/api/me/matches/geen-id/date.ics', { cookie: noor.cookie }),
      400,
      'BAD_REQUEST',
    );
  });
});

describe('the reminder the day before (the date-reminders job)', () => {
  it('reminds both clients once per date when it is within a day, and again after a move', async () => {
    const { match, noor, pieter } = await acceptedPair();
    const at = eveningIn(3);
    expect((await outcome(match.id, { outcome: 'scheduled', scheduled_at: at.toISOString() })).status).toBe(
      200,
    );
    const reminders = async () =>
      (
        await t.db
          .select()
          .from(email_outbox)
          .where(
            and(
              inArray(email_outbox.to_address, [noor.email, pieter.email]),
              eq(email_outbox.template, 'date-reminder'),
            ),
          )
      ).map((m) => m.to_address);
    // Two days before: nothing yet.
    await sweepDateReminders({ ctx: t.ctx, now: new Date(at.getTime() - 2 * DAY) });
    expect(await reminders()).toEqual([]);
    // 20 hours before, run three times: one reminder each.
    for (let i = 0; i < 3; i++)
      await sweepDateReminders({ ctx: t.ctx, now: new Date(at.getTime() - 20 * 3600_000) });
    expect((await reminders()).sort()).toEqual([noor.email, pieter.email].sort());
    const [mail] = await mailsTo(noor.email, 'date-reminder');
    expect(mail!.subject).toBe('Morgen: je date met Pieter');
    // Moved two days on: the new time is reminded of too, once.
    const later = new Date(at.getTime() + 2 * DAY);
    expect(
      (await outcome(match.id, { outcome: 'scheduled', scheduled_at: later.toISOString() })).status,
    ).toBe(200);
    for (let i = 0; i < 2; i++)
      await sweepDateReminders({ ctx: t.ctx, now: new Date(later.getTime() - 3600_000) });
    expect(await reminders()).toHaveLength(4);
  });
});

describe('the match page after both said yes (issue 27 item 2)', () => {
  it("shows the date's place and message, and the other's photos only while decision 011 allows", async () => {
    const { match, noor, pieter } = await acceptedPair('proposed');
    const photosOfPieter = () =>
      t.request(`/api/profiles/${pieter.id}/photos`, { cookie: noor.cookie }).then((r) => r.status);
    // Proposed: not yet.
    expect(await photosOfPieter()).toBe(404);
    for (const who of [noor, pieter]) {
      expect(
        (
          await t.request(`/api/matches/${match.id}/response`, {
            json: { response: 'accepted' },
            cookie: who.cookie,
          })
        ).status,
      ).toBe(200);
    }
    expect(await photosOfPieter()).toBe(200);
    await outcome(match.id, {
      outcome: 'scheduled',
      scheduled_at: eveningIn(4).toISOString(),
      place_name: 'Bar Bleu',
      place_address: 'Kouter 5, 9000 Gent',
      message: 'Geniet ervan!',
    });
    expect(await photosOfPieter()).toBe(200);
    const listed = await t.request('/api/me/matches', { cookie: noor.cookie });
    const mine = ((await listed.json()) as { matches: ClientMatch[] }).matches.find((m) => m.id === match.id);
    expect(mine).toMatchObject({
      status: 'scheduled',
      other: { id: pieter.id, first_name: 'Pieter' },
      date: {
        place_name: 'Bar Bleu',
        place_address: 'Kouter 5, 9000 Gent',
        message: 'Geniet ervan!',
        move_requested: false,
      },
    });
    // Cancelled: the photo is gone again.
    await outcome(match.id, { outcome: 'cancelled' });
    expect(await photosOfPieter()).toBe(404);
  });

  it('"Kan je niet?" reaches the matchmaker by mail and in the timeline, once per planning', async () => {
    const { match, noor, pieter } = await acceptedPair();
    const path = `/api/me/matches/${match.id}/move-request`;
    const ask = (
      cookie: string | undefined,
      body: unknown = { message: 'Ik moet die avond werken, kan het de week erna?' },
    ) => t.request(path, { json: body, cookie });
    // Not planned yet.
    await expectRefused(await ask(noor.cookie), 409, 'DATE_MOVE_NOT_OPEN');
    await outcome(match.id, { outcome: 'scheduled', scheduled_at: eveningIn(6).toISOString() });
    await expectRefused(await ask(undefined), 401, 'NOT_AUTHENTICATED');
    await expectRefused(await ask(sofieCookie), 403, 'UNAUTHORIZED');
    const stranger = await createClient(t.db, {});
    await expectRefused(await ask(await t.login(stranger.email)), 404, 'NOT_FOUND');
    await expectRefused(await ask(noor.cookie, { message: '   ' }), 400, 'BAD_REQUEST');
    await expectRefused(await ask(noor.cookie, {}), 400, 'BAD_REQUEST');

    expect((await ask(noor.cookie)).status).toBe(201);
    await expectRefused(await ask(noor.cookie), 409, 'DATE_MOVE_ALREADY_ASKED');
    const [mail] = await mailsTo(sofie.email, 'date-move-request');
    expect(mail!.subject).toBe('Noor vraagt de date te verzetten');
    expect(mail!.text).toContain('Ik moet die avond werken');
    const timeline = await t.request(`/api/matches/${match.id}/follow-ups`, { cookie: sofieCookie });
    const { follow_ups } = (await timeline.json()) as {
      follow_ups: { notes: string; reported_by: { id: string } | null }[];
    };
    expect(follow_ups).toEqual([
      expect.objectContaining({
        notes: 'Vraagt de date te verzetten: Ik moet die avond werken, kan het de week erna?',
        reported_by: expect.objectContaining({ id: noor.id }),
      }),
    ]);
    const listed = (await (await t.request('/api/me/matches', { cookie: noor.cookie })).json()) as {
      matches: ClientMatch[];
    };
    expect(listed.matches.find((m) => m.id === match.id)!.date!.move_requested).toBe(true);

    // Moved: Noor may ask again about the new time; Pieter could all along.
    t.clock.setOffset(60_000);
    try {
      await outcome(match.id, { outcome: 'scheduled', scheduled_at: eveningIn(9).toISOString() });
      expect((await ask(noor.cookie)).status).toBe(201);
    } finally {
      t.clock.setOffset(0);
    }
    expect((await ask(pieter.cookie)).status).toBe(201);
    expect(
      await t.db.select().from(match_follow_up).where(eq(match_follow_up.match_id, match.id)),
    ).toHaveLength(3);
  });
});

describe('after the date (issue 27 item 3)', () => {
  it('records the planned time as when it took place and the click apart, and asks both for feedback with a link to that form', async () => {
    const { match, noor, pieter } = await acceptedPair();
    const at = eveningIn(2);
    await outcome(match.id, { outcome: 'scheduled', scheduled_at: at.toISOString() });
    // The day after the date, at 08:59.
    const click = new Date(at.getTime() + DAY + 13 * 3600_000 + 29 * 60_000);
    t.clock.setOffset(click.getTime() - Date.now());
    let held: Match;
    try {
      const response = await outcome(match.id, { outcome: 'completed' });
      expect(response.status).toBe(200);
      held = ((await response.json()) as { match: Match }).match;
    } finally {
      t.clock.setOffset(0);
    }
    expect(held.completed_at).toBe(at.toISOString());
    expect(Math.abs(Date.parse(held.completed_recorded_at!) - click.getTime())).toBeLessThan(60_000);
    for (const client of [noor, pieter]) {
      const [mail] = await mailsTo(client.email, 'date-feedback-request');
      expect(mail!.html).toContain(`/dashboard/match-accepted?feedback=${match.id}#date-${match.id}`);
      const listed = (await (await t.request('/api/me/matches', { cookie: client.cookie })).json()) as {
        matches: ClientMatch[];
      };
      expect(listed.matches.find((m) => m.id === match.id)).toMatchObject({
        status: 'completed',
        completed_at: at.toISOString(),
        feedback_given: false,
      });
    }
    // The feedback through that form.
    const feedback = await t.request(`/api/matches/${match.id}/feedback`, {
      json: { rating: 4, would_meet_again: true },
      cookie: noor.cookie,
    });
    expect(feedback.status).toBe(201);
  });
});

describe('a decline (issue 27 item 4)', () => {
  it('tells the other client kindly, without the reason, and shows it on their page; not the one who declined', async () => {
    const { match, noor, pieter } = await acceptedPair('proposed');
    await t.request(`/api/matches/${match.id}/response`, {
      json: { response: 'accepted' },
      cookie: noor.cookie,
    });
    const declined = await t.request(`/api/matches/${match.id}/response`, {
      json: { response: 'rejected', rejection_reason: 'Te ver weg voor mij' },
      cookie: pieter.cookie,
    });
    expect(declined.status).toBe(200);
    const [mail] = await mailsTo(noor.email, 'match-declined');
    expect(mail!.subject).toBe('Een voorstel gaat niet verder');
    expect(mail!.text).toContain('Je matchmaker blijft voor je zoeken');
    expect(mail!.text).not.toContain('Te ver weg');
    expect(await mailsTo(pieter.email, 'match-declined')).toEqual([]);
    // The matchmaker still hears (and reads the reason in the app).
    expect(
      await t.db
        .select()
        .from(email_outbox)
        .where(
          and(
            eq(email_outbox.to_address, sofie.email),
            like(email_outbox.dedupe_key, `match-rejected:${match.id}`),
          ),
        ),
    ).toHaveLength(1);

    const page = async (cookie: string) =>
      (
        (await (await t.request('/api/me/matches', { cookie })).json()) as { matches: ClientMatch[] }
      ).matches.find((m) => m.id === match.id);
    const forNoor = await page(noor.cookie);
    expect(forNoor).toMatchObject({ status: 'rejected', other: { first_name: 'Pieter' }, date: null });
    expect(JSON.stringify(forNoor)).not.toContain('Te ver weg');
    expect(await page(pieter.cookie)).toBeUndefined();
    // No photo after a decline.
    expect((await t.request(`/api/profiles/${pieter.id}/photos`, { cookie: noor.cookie })).status).toBe(404);
  });
});
