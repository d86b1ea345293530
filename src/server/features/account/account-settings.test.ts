import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DELETE_CONFIRMATION_MISSING,
  DELETE_CONFIRMATION_WRONG,
  OPTIONAL_EMAIL_TEMPLATES,
} from '../../../shared/account-settings';
import { MESSAGES } from '../../../shared/messages';
import { passwordResetEmail } from '../../auth/auth.mail';
import { LOGIN_LIMITS } from '../../auth/login-throttle';
import {
  createAdmin,
  createClient,
  createIntakeSession,
  createMatch,
  createMatchFeedback,
  createMatchmaker,
  createPurchase,
} from '../../db/factories';
import {
  account_settings,
  client_traits,
  email_outbox,
  magic_match_hidden,
  payments,
  session,
  user_profiles,
} from '../../db/schema';
import { expectRefused } from '../../test/expect-refused';
import { openProfile } from '../../test/profiles';
import { createTestApp, sessionCookie, type TestApp } from '../../test/test-app';
import { CLIENT_TABLES } from './client-data';
import { EXPORT_HEADINGS } from './export-labels';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const mailsTo = (to: string, template?: string) =>
  t.db
    .select()
    .from(email_outbox)
    .where(and(eq(email_outbox.to_address, to), template ? eq(email_outbox.template, template) : undefined));

/** Every text-like value in every table of the database that contains `needle`. */
async function rowsHolding(needle: string): Promise<string[]> {
  const result = await t.db.execute(sql`
    SELECT table_name, column_name FROM information_schema.columns
     WHERE table_schema = 'public' AND data_type IN ('text', 'character varying', 'ARRAY', 'jsonb', 'json')`);
  const columns = (result as unknown as { rows: { table_name: string; column_name: string }[] }).rows;
  const hits: string[] = [];
  for (const { table_name, column_name } of columns) {
    const found = await t.db.execute(
      sql`SELECT count(*)::int AS n FROM ${sql.identifier(table_name)} WHERE strpos(lower(${sql.identifier(column_name)}::text), lower(${needle})) > 0`,
    );
    const n = (found as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0;
    if (n > 0) hits.push(`${table_name}.${column_name}`);
  }
  return hits;
}

describe('GET and PATCH /api/me/settings', () => {
  it('answers 401 without a session', async () => {
    await expectRefused(await t.request('/api/me/settings'), 401, 'NOT_AUTHENTICATED');
    const patch = await t.request('/api/me/settings', { method: 'PATCH', json: { matching_paused: true } });
    await expectRefused(patch, 401, 'NOT_AUTHENTICATED');
  });

  it('lets a client switch an optional e-mail off and pause matching, and keeps them', async () => {
    const client = await createClient(t.db);
    const cookie = await t.login(client.email);
    const before = await (await t.request('/api/me/settings', { cookie })).json();
    expect(before.settings).toEqual({
      // Issue 17 added the matchmaker feedback e-mails (decision 016), issue 32 unread messages.
      optional_emails: [
        'match-reminder',
        'matchmaker-feedback-request',
        'matchmaker-feedback-reminder',
        'message-notification',
      ],
      email_opt_outs: [],
      matching_paused_at: null,
    });

    const response = await t.request('/api/me/settings', {
      method: 'PATCH',
      cookie,
      json: { email_opt_outs: ['match-reminder'], matching_paused: true },
    });
    expect(response.status).toBe(200);
    const { settings } = await response.json();
    expect(settings.email_opt_outs).toEqual(['match-reminder']);
    expect(typeof settings.matching_paused_at).toBe('string');
    const again = await (await t.request('/api/me/settings', { cookie })).json();
    expect(again.settings).toEqual(settings);

    const resumed = await t.request('/api/me/settings', {
      method: 'PATCH',
      cookie,
      json: { matching_paused: false },
    });
    expect((await resumed.json()).settings).toMatchObject({
      matching_paused_at: null,
      email_opt_outs: ['match-reminder'],
    });
  });

  it('refuses to switch off a required e-mail, or one of another role, in Dutch', async () => {
    const client = await createClient(t.db);
    const cookie = await t.login(client.email);
    for (const template of ['confirm-email', 'match-proposed', 'payment-admin-notice', 'x'.repeat(65)]) {
      const response = await t.request('/api/me/settings', {
        method: 'PATCH',
        cookie,
        json: { email_opt_outs: [template] },
      });
      await expectRefused(response, 400, 'BAD_REQUEST', { label: template });
    }
    const bad = await t.request('/api/me/settings', {
      method: 'PATCH',
      cookie,
      json: { matching_paused: 'ja' },
    });
    await expectRefused(bad, 400, 'BAD_REQUEST');
    const [row] = await t.db.select().from(account_settings).where(eq(account_settings.user_id, client.id));
    expect(row).toBeUndefined();
  });

  it('lets staff choose their e-mails but not pause matching', async () => {
    const matchmaker = await createMatchmaker(t.db);
    const cookie = await t.login(matchmaker.email);
    const { settings } = await (await t.request('/api/me/settings', { cookie })).json();
    expect(settings.optional_emails).toContain('match-rejected');
    expect(settings.optional_emails).not.toContain('match-reminder');
    const paused = await t.request('/api/me/settings', {
      method: 'PATCH',
      cookie,
      json: { matching_paused: true },
    });
    expect(paused.status).toBe(403);
    expect(await paused.json()).toEqual({ error: MESSAGES.clientsOnlyPause, code: 'CLIENTS_ONLY' });
    const off = await t.request('/api/me/settings', {
      method: 'PATCH',
      cookie,
      json: { email_opt_outs: ['match-rejected'] },
    });
    expect(off.status).toBe(200);
  });

  it('does not queue an e-mail the recipient switched off, and always queues the required ones', async () => {
    const matchmaker = await createMatchmaker(t.db);
    const cookie = await t.login(matchmaker.email);
    await t.request('/api/me/settings', {
      method: 'PATCH',
      cookie,
      json: { email_opt_outs: ['match-rejected'] },
    });
    const skipped = await t.outbox.queue({
      to: matchmaker.email,
      template: 'match-rejected',
      subject: 's',
      html: 'h',
      text: 't',
    });
    expect(skipped).toBeNull();
    const required = await t.outbox.queue({
      to: matchmaker.email,
      template: 'reset-password',
      subject: 's',
      html: 'h',
      text: 't',
    });
    expect(required).not.toBeNull();
    expect((await mailsTo(matchmaker.email)).map((m) => m.template)).toEqual(['reset-password']);
    expect(OPTIONAL_EMAIL_TEMPLATES).not.toContain('reset-password');
  });
});

describe('a paused client gets no proposals', () => {
  it('answers a matchmaker 409 in Dutch, and accepts again once resumed', async () => {
    const matchmaker = await createMatchmaker(t.db);
    // Issue 16: proposals are for clients active for matching (after their intake).
    const paused = await createClient(t.db, {
      full_name: 'Pauline Pauze',
      assigned_matchmaker_id: matchmaker.id,
      contract_status: 'active_for_matching',
      profile: openProfile(),
    });
    const other = await createClient(t.db, {
      contract_status: 'active_for_matching',
      profile: openProfile(),
    });
    const clientCookie = await t.login(paused.email);
    await t.request('/api/me/settings', {
      method: 'PATCH',
      cookie: clientCookie,
      json: { matching_paused: true },
    });
    const staff = await t.login(matchmaker.email);
    const refused = await t.request('/api/matches', {
      cookie: staff,
      json: { client1_id: paused.id, client2_id: other.id },
    });
    expect(refused.status).toBe(409);
    // Issue 26: the one eligibility rule names who paused.
    expect(await refused.json()).toEqual({
      error: 'Pauline heeft matching gepauzeerd en kan nu geen voorstellen krijgen.',
      code: 'MATCHING_PAUSED',
    });
    await t.request('/api/me/settings', {
      method: 'PATCH',
      cookie: clientCookie,
      json: { matching_paused: false },
    });
    const proposed = await t.request('/api/matches', {
      cookie: staff,
      json: { client1_id: paused.id, client2_id: other.id },
    });
    expect(proposed.status).toBe(201);
  });
});

describe('GET /api/me/export', () => {
  it('answers 401 without a session and 403 for staff', async () => {
    await expectRefused(await t.request('/api/me/export'), 401, 'NOT_AUTHENTICATED');
    const admin = await createAdmin(t.db);
    const response = await t.request('/api/me/export', { cookie: await t.login(admin.email) });
    await expectRefused(response, 403, 'CLIENTS_ONLY', MESSAGES.clientsOnlyExport);
  });

  it("gives every row about the client as one JSON download, without secrets or other clients' rows", async () => {
    const matchmaker = await createMatchmaker(t.db);
    const client = await createClient(t.db, {
      full_name: 'Ines Export',
      assigned_matchmaker_id: matchmaker.id,
      profile: { town: 'Gent', postcode: 9000 },
    });
    const other = await createClient(t.db, { full_name: 'Olaf Ander' });
    const stranger = await createClient(t.db);
    await createMatch(t.db, {
      clientA: client.id,
      clientB: other.id,
      status: 'completed',
      matchmaker_id: matchmaker.id,
    });
    await createMatch(t.db, { clientA: other.id, clientB: stranger.id, status: 'proposed' });
    await createIntakeSession(t.db, {
      user_id: client.id,
      assigned_matchmaker_id: matchmaker.id,
      status: 'completed',
      matchmaker_notes: 'Houdt van wandelen',
    });
    await t.db.insert(client_traits).values({
      client_id: client.id,
      trait: 'avontuurlijk',
      confidence: 0.8,
      source: 'quiz',
      evidence: 'Vraag 3',
    });
    await createPurchase(t.db, { client_id: client.id, tier: 'Persoonlijk', paid_at: new Date() });
    // Magic match: the client hidden as a candidate for someone else, and someone hidden for them.
    await t.db.insert(magic_match_hidden).values([
      { client_id: stranger.id, candidate_id: client.id, reason: 'Woont te ver', hidden_by: matchmaker.id },
      { client_id: client.id, candidate_id: other.id, reason: 'Al eens ontmoet', hidden_by: matchmaker.id },
    ]);
    const cookie = await t.login(client.email);

    const started = Date.now();
    const response = await t.request('/api/me/export', { cookie });
    expect(Date.now() - started).toBeLessThan(5000);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="koppel-mijn-gegevens-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const data = await response.json();
    expect(data.formaat).toBe('koppel-export-2');
    expect(data.account).toBe(client.id);
    expect(data.uitleg).toContain('Alle gegevens die Koppel over jou bewaart');
    // Issue 30: Dutch headings and field names, no table or column name of the database.
    expect(Object.keys(data.onderdelen).sort()).toEqual(
      [...CLIENT_TABLES.map((e) => EXPORT_HEADINGS[e.table]), EXPORT_HEADINGS.email_outbox].sort(),
    );
    const part = (table: string) => data.onderdelen[EXPORT_HEADINGS[table]!] as Record<string, unknown>[];
    expect(part('user')).toEqual([
      expect.objectContaining({ Kenmerk: client.id, 'E-mailadres': client.email, Naam: 'Ines Export' }),
    ]);
    expect(part('client_profiles')[0]).toMatchObject({ Woonplaats: 'Gent', Postcode: 9000 });
    expect(part('intake_sessions')[0]).toMatchObject({ 'Notities van de matchmaker': 'Houdt van wandelen' });
    expect(part('client_traits')[0]).toMatchObject({
      Eigenschap: 'avontuurlijk',
      Bron: 'quiz',
      Onderbouwing: 'Vraag 3',
    });
    expect(part('matches')).toHaveLength(1);
    const hidden = part('magic_match_hidden').map((r) => [r.Klant, r.Kandidaat]);
    expect(hidden).toHaveLength(2);
    expect(hidden).toEqual(
      expect.arrayContaining([
        [client.id, null],
        [null, client.id],
      ]),
    );
    expect(part('magic_match_hidden')[0]).not.toHaveProperty('Reden');
    expect(part('payments')).toHaveLength(1);
    expect(Object.keys(part('account')[0]!)).not.toContain('password');
    expect(part('session').length).toBeGreaterThan(0);
    expect(Object.keys(part('session')[0]!)).not.toContain('token');
    for (const rows of Object.values(data.onderdelen) as Record<string, unknown>[][]) {
      for (const key of rows.flatMap((row) => Object.keys(row))) expect(key).not.toMatch(/_|^[a-z]+$/);
    }
    // The e-mails: what they said, without their links (a reset link's token stays on the server).
    await t.outbox.queue({
      to: client.email,
      ...passwordResetEmail({ name: 'Ines', url: `${t.env.APP_URL}/wachtwoord-herstellen?token=geheim-123` }),
    });
    const again = await (await t.request('/api/me/export', { cookie })).json();
    const mails = again.onderdelen[EXPORT_HEADINGS.email_outbox!] as Record<string, unknown>[];
    expect(mails.map((m) => m.Onderwerp)).toContain(passwordResetEmail({ name: 'I', url: 'x' }).subject);
    expect(JSON.stringify(again)).not.toContain('geheim-123');
    expect(JSON.stringify(mails)).toContain('[link weggelaten]');
    const text = JSON.stringify(data);
    expect(text).not.toContain(stranger.id);
    expect(text).not.toContain(other.email);
    expect(text).not.toContain(cookie.split('=')[1]!.split('.')[0]!);
  });
});

describe('GET /api/me/export: other people (issue 30)', () => {
  it("shows no other client's id: the first name only where both said yes, nothing for a proposal never accepted", async () => {
    const matchmaker = await createMatchmaker(t.db);
    const client = await createClient(t.db, {
      full_name: 'Ilse Uitvoer',
      assigned_matchmaker_id: matchmaker.id,
    });
    const dated = await createClient(t.db, { full_name: 'Dirk Gedateerd' });
    const declined = await createClient(t.db, { full_name: 'Wout Nooitja' });
    const open = await createClient(t.db, { full_name: 'Piet Openvoorstel' });
    const done = await createMatch(t.db, { clientA: client.id, clientB: dated.id, status: 'completed' });
    const rejected = await createMatch(t.db, {
      clientA: client.id,
      clientB: declined.id,
      status: 'rejected',
    });
    const proposed = await createMatch(t.db, { clientA: client.id, clientB: open.id, status: 'proposed' });
    const response = await t.request('/api/me/export', { cookie: await t.login(client.email) });
    expect(response.status).toBe(200);
    const text = await response.text();
    const data = JSON.parse(text) as { onderdelen: Record<string, Record<string, unknown>[]> };
    const matches = data.onderdelen[EXPORT_HEADINGS.matches!]!;
    for (const other of [dated, declined, open]) expect(text).not.toContain(other.id);
    for (const name of ['Nooitja', 'Wout', 'Openvoorstel', 'Piet', 'Gedateerd'])
      expect(text).not.toContain(name);
    const byId = new Map(matches.map((row) => [row.Kenmerk, row]));
    expect(byId.get(done.id)).toMatchObject({ 'Voornaam van de ander': 'Dirk' });
    expect(byId.get(rejected.id)).toMatchObject({ 'Voornaam van de ander': null });
    expect(byId.get(proposed.id)).toMatchObject({ 'Voornaam van de ander': null });
    for (const row of matches) {
      expect([row['Eerste klant'], row['Tweede klant']].sort()).toEqual([client.id, null].sort());
      expect(row).not.toHaveProperty('Reden om af te wijken van een wens');
      expect(row).not.toHaveProperty('override_reason');
    }
  });
});

/** The words of the matches feature's 'match-accepted-client' mail (matches.mail.ts). */
const acceptedMail = (name: string, other: string) => {
  const text = `Dag ${name},\n\nGoed nieuws: ook ${other} wil graag kennismaken.`;
  return {
    template: 'match-accepted-client',
    subject: 'Jullie willen allebei kennismaken',
    text,
    html: `<p>${text}</p>`,
  };
};

describe('DELETE /api/me', () => {
  const del = (cookie: string | undefined, json: unknown) =>
    t.request('/api/me', { method: 'DELETE', cookie, json });

  it('answers 401 without a session, 403 for staff, 400 for a wrong password or word', async () => {
    await expectRefused(
      await del(undefined, { password: 'x', confirmation: 'VERWIJDER' }),
      401,
      'NOT_AUTHENTICATED',
    );
    const matchmaker = await createMatchmaker(t.db);
    const staff = await del(await t.login(matchmaker.email), {
      password: matchmaker.password,
      confirmation: 'VERWIJDER',
    });
    await expectRefused(staff, 403, 'STAFF_CANNOT_DELETE', MESSAGES.staffCannotDelete);

    const client = await createClient(t.db);
    const cookie = await t.login(client.email);
    const wrong = await del(cookie, { password: 'niet-het-wachtwoord', confirmation: 'VERWIJDER' });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ error: MESSAGES.wrongPassword, code: 'WRONG_PASSWORD' });
    // Issue 30: the word counts in any case; another word gets its own message, not the label.
    const word = await del(cookie, { password: client.password, confirmation: 'verwijderen' });
    await expectRefused(word, 400, 'BAD_REQUEST', DELETE_CONFIRMATION_WRONG);
    const empty = await del(cookie, { password: client.password, confirmation: '  ' });
    await expectRefused(empty, 400, 'BAD_REQUEST', DELETE_CONFIRMATION_MISSING);
    const lowerCase = await del(cookie, { password: 'niet-het-wachtwoord', confirmation: ' verwijder ' });
    expect(await lowerCase.json()).toMatchObject({ code: 'WRONG_PASSWORD' });
    await expectRefused(await del(cookie, {}), 400, 'BAD_REQUEST');
    expect((await t.request('/api/me', { cookie })).status).toBe(200);
  });

  it('counts wrong passwords as failed logins: after the budget even the right one waits, and nothing is erased', async () => {
    const client = await createClient(t.db);
    const cookie = await t.login(client.email);
    for (let attempt = 0; attempt < LOGIN_LIMITS.knownDevice.max; attempt++) {
      const wrong = await del(cookie, { password: `fout-${attempt}`, confirmation: 'VERWIJDER' });
      await expectRefused(wrong, 400, 'WRONG_PASSWORD', MESSAGES.wrongPassword);
    }
    const blocked = await del(cookie, { password: client.password, confirmation: 'VERWIJDER' });
    expect(blocked.status).toBe(429);
    expect(await blocked.json()).toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      error: MESSAGES.tooManyRequests,
    });
    expect((await t.request('/api/me', { cookie })).status).toBe(200);
  });

  it("erases the client's personal data, ends sessions, keeps payments and the other client's match", async () => {
    const matchmaker = await createMatchmaker(t.db, { full_name: 'Mia Matchmaker' });
    const client = await createClient(t.db, {
      full_name: 'Zoë Verdwijn',
      assigned_matchmaker_id: matchmaker.id,
      contract_status: 'active_for_matching',
      profile: { town: 'Leuven', about_me: 'Ik ben Zoë Verdwijn' },
    });
    const other = await createClient(t.db, { full_name: 'Bram Blijft' });
    const third = await createClient(t.db, {
      assigned_matchmaker_id: matchmaker.id,
      contract_status: 'active_for_matching',
    });
    const match = await createMatch(t.db, {
      clientA: client.id,
      clientB: other.id,
      status: 'completed',
      matchmaker_id: matchmaker.id,
      note: 'Zoë Verdwijn en Bram houden van koken',
    });
    await createMatch(t.db, {
      clientA: client.id,
      clientB: third.id,
      status: 'proposed',
      matchmaker_id: matchmaker.id,
    });
    await createMatchFeedback(t.db, {
      match_id: match.id,
      client_id: client.id,
      rating: 4,
      feedback_text: 'Fijn',
    });
    // A photo in the storage provider (the profile feature puts them under photos/<client>/).
    await t.ctx.storage.put(
      `photos/${client.id}/foto-1/small.jpg`,
      new Uint8Array([255, 216, 255]),
      'image/jpeg',
    );
    await createIntakeSession(t.db, {
      user_id: client.id,
      assigned_matchmaker_id: matchmaker.id,
      status: 'completed',
      matchmaker_notes: 'Zoë zoekt rust',
    });
    await createPurchase(t.db, { client_id: client.id, tier: 'Persoonlijk', paid_at: new Date() });
    await t.outbox.queue({
      to: matchmaker.email,
      template: 'match-accepted-matchmaker',
      subject: 'Zoë Verdwijn zei ja',
      html: '<p>Zoë Verdwijn</p>',
      text: 'Zoë Verdwijn',
    });
    // The other client was told her first name when both said yes; another Zoë's mail is not hers.
    const toBram = await t.outbox.queue({
      to: other.email,
      dedupe_key: `match-accepted:${match.id}:${other.id}`,
      ...acceptedMail('Bram', 'Zoë'),
    });
    const toAnotherZoe = await t.outbox.queue({
      to: third.email,
      ...acceptedMail('Zoëlla', 'Zoë'),
    });
    const cookie = await t.login(client.email);
    const secondDevice = await t.login(client.email);
    expect((await rowsHolding(client.email)).length).toBeGreaterThan(0);

    const response = await del(cookie, { password: client.password, confirmation: 'VERWIJDER' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ deleted: true });
    expect(response.headers.getSetCookie().join(';')).toMatch(/koppel\.session_token=;/);

    // Sessions ended, login fails.
    await expectRefused(await t.request('/api/me', { cookie: secondDevice }), 401, 'NOT_AUTHENTICATED');
    expect(await t.db.select().from(session).where(eq(session.userId, client.id))).toEqual([]);
    const login = await t.request('/api/auth/sign-in/email', {
      json: { email: client.email, password: client.password },
    });
    await expectRefused(login, 401, 'INVALID_EMAIL_OR_PASSWORD', MESSAGES.loginFailed);

    // The name is nowhere; the address only in the farewell mail, until it is sent.
    expect(await rowsHolding('Zoë Verdwijn')).toEqual([]);
    const [bramsMail] = await t.db.select().from(email_outbox).where(eq(email_outbox.id, toBram!));
    expect(bramsMail!.text).toContain('Dag Bram,');
    expect(bramsMail!.text).toContain('ook Verwijderd account wil graag kennismaken');
    expect(`${bramsMail!.subject}${bramsMail!.html}${bramsMail!.text}`).not.toMatch(/Zoë/);
    const [unrelated] = await t.db.select().from(email_outbox).where(eq(email_outbox.id, toAnotherZoe!));
    expect(unrelated!.text).toContain('Dag Zoëlla,');
    expect(unrelated!.text).toContain('ook Zoë wil');
    expect(await rowsHolding(client.email)).toEqual(['email_outbox.to_address']);
    const [farewell] = await mailsTo(client.email, 'account-deleted');
    expect(farewell?.subject).toBe('Je Koppel-account is verwijderd');
    await t.db
      .update(email_outbox)
      .set({ status: 'sent', sent_at: new Date() })
      .where(eq(email_outbox.id, farewell!.id));
    const job = await t.request('/dev/jobs/erase-farewell-addresses', { method: 'POST' });
    expect(job.status).toBe(200);
    expect(await rowsHolding(client.email)).toEqual([]);

    // Payments stay, without a name; the other client still sees the match.
    expect(await t.db.select().from(payments).where(eq(payments.client_id, client.id))).toHaveLength(1);
    const [profile] = await t.db.select().from(user_profiles).where(eq(user_profiles.id, client.id));
    expect(profile).toMatchObject({ full_name: 'Verwijderd account', assigned_matchmaker_id: null });
    const otherCookie = await t.login(other.email);
    const page = await t.request('/api/me/matches', { cookie: otherCookie });
    expect(page.status).toBe(200);
    const { matches } = await page.json();
    expect(matches).toEqual([
      expect.objectContaining({
        id: match.id,
        other: expect.objectContaining({ first_name: 'Verwijderd account' }),
      }),
    ]);

    // The photo files are gone from the storage provider.
    expect(await t.ctx.storage.list(`photos/${client.id}/`)).toEqual([]);

    // Staff no longer find the account; the open proposal ended; no new one can be made.
    const admin = await createAdmin(t.db);
    const search = await t.request('/api/clients?q=Verwijderd', { cookie: await t.login(admin.email) });
    expect(search.status).toBe(200);
    expect(JSON.stringify(await search.json())).not.toContain(client.id);
    const staff = await t.login(matchmaker.email);
    const again = await t.request('/api/matches', {
      cookie: staff,
      json: { client1_id: client.id, client2_id: third.id },
    });
    expect(again.status).toBe(409);
    expect((await again.json()).code).toBe('ACCOUNT_DELETED');
  });
});

describe('POST /api/auth/change-password', () => {
  it('needs the current password, applies the sign-up rules, signs out other sessions and sends a mail', async () => {
    const client = await createClient(t.db, { full_name: 'Wout Wissel' });
    const cookie = await t.login(client.email);
    const other = await t.login(client.email);
    const wrong = await t.request('/api/auth/change-password', {
      cookie,
      json: { currentPassword: 'fout-wachtwoord', newPassword: 'een-nieuw-sterk-ww-2026' },
    });
    await expectRefused(wrong, 400, 'INVALID_PASSWORD', MESSAGES.loginFailed);
    const common = await t.request('/api/auth/change-password', {
      cookie,
      json: { currentPassword: client.password, newPassword: 'password123' },
    });
    await expectRefused(common, 400, 'PASSWORD_TOO_COMMON', MESSAGES.passwordTooCommon);
    const short = await t.request('/api/auth/change-password', {
      cookie,
      json: { currentPassword: client.password, newPassword: 'kort' },
    });
    await expectRefused(short, 400, 'PASSWORD_TOO_SHORT', MESSAGES.passwordTooShort);
    expect(await mailsTo(client.email, 'password-changed')).toEqual([]);

    const changed = await t.request('/api/auth/change-password', {
      cookie,
      json: { currentPassword: client.password, newPassword: 'een-nieuw-sterk-ww-2026' },
    });
    expect(changed.status).toBe(200);
    await expectRefused(await t.request('/api/me', { cookie: other }), 401, 'NOT_AUTHENTICATED');
    // This browser gets a new session cookie; the old token ended with the others.
    expect((await t.request('/api/me', { cookie: sessionCookie(changed) })).status).toBe(200);
    const mails = await mailsTo(client.email, 'password-changed');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('Dag Wout');
    await t.login(client.email, 'een-nieuw-sterk-ww-2026');
  });

  it('answers 401 without a session', async () => {
    const response = await t.request('/api/auth/change-password', {
      json: { currentPassword: 'a', newPassword: 'een-nieuw-sterk-ww-2026' },
    });
    await expectRefused(response, 401, 'UNAUTHORIZED', MESSAGES.notAuthenticated);
  });
});
