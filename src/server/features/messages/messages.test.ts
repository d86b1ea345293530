import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminClient } from '../../../shared/admin';
import type {
  Conversation,
  ConversationMessage,
  Debrief,
  InboxEntry,
  UnreadCount,
} from '../../../shared/conversations';
import { MAX_MESSAGE_LENGTH, MESSAGE_TEXTS } from '../../../shared/conversations';
import {
  type CreatedUser,
  createAdmin,
  createClient,
  createMatch,
  createMatchmaker,
} from '../../db/factories';
import {
  account_settings,
  admin_audit_events,
  conversation_messages,
  conversations,
  email_outbox,
  matchmaker_profiles,
} from '../../db/schema';
import { expectRefused } from '../../test/expect-refused';
import { createTestApp, type TestApp } from '../../test/test-app';
import { sweepMessageNotifications } from './notifications.service';

const MINUTE = 60_000;
let t: TestApp;
let sofie: CreatedUser;
let lotte: CreatedUser;
let marc: CreatedUser;
let admin: CreatedUser;
const cookies: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  sofie = await createMatchmaker(t.db, { full_name: 'Sofie Peeters' });
  lotte = await createMatchmaker(t.db, { full_name: 'Lotte Janssens' });
  marc = await createMatchmaker(t.db, { full_name: 'Marc Dubois' });
  admin = await createAdmin(t.db, { full_name: 'Beheer Koppel' });
  for (const [name, u] of Object.entries({ sofie, lotte, marc, admin }))
    cookies[name] = await t.login(u.email);
  // Marc was deactivated by an admin after he signed in: his session reaches no staff route.
  await t.db
    .update(matchmaker_profiles)
    .set({ is_active: false, deactivated_at: new Date() })
    .where(eq(matchmaker_profiles.id, marc.id));
});
afterAll(async () => {
  await t.close();
});

let counter = 0;
/** A client of `matchmaker` (or of nobody), signed in. */
async function newClient(name: string, matchmaker: CreatedUser | null) {
  counter++;
  const client = await createClient(t.db, {
    full_name: name,
    email: `klant.bericht${counter}@example.be`,
    tier: 'Persoonlijk',
    contract_status: 'active_for_matching',
    assigned_matchmaker_id: matchmaker?.id ?? null,
  });
  return { ...client, cookie: await t.login(client.email) };
}

const get = async <T>(path: string, cookie: string) => {
  const response = await t.request(path, { cookie });
  expect(response.status, `${path}: ${await response.clone().text()}`).toBe(200);
  return (await response.json()) as T;
};
const myConversation = async (cookie: string) =>
  (await get<{ conversation: Conversation }>('/api/me/conversation', cookie)).conversation;
const fileConversation = async (clientId: string, cookie: string) =>
  (await get<{ conversation: Conversation }>(`/api/matchmaker/clients/${clientId}/conversation`, cookie))
    .conversation;
const clientWrites = (cookie: string, body: unknown) =>
  t.request('/api/me/conversation/messages', { cookie, json: { body } });
const matchmakerWrites = (clientId: string, cookie: string, body: unknown) =>
  t.request(`/api/matchmaker/clients/${clientId}/conversation/messages`, { cookie, json: { body } });
async function sent(response: Response) {
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { message: ConversationMessage }).message;
}
const mailsTo = (address: string) =>
  t.db
    .select()
    .from(email_outbox)
    .where(and(eq(email_outbox.to_address, address), eq(email_outbox.template, 'message-notification')));

describe('a conversation between a client and their matchmaker (issue 32 item 1)', () => {
  it('the client writes, the matchmaker sees it unread and waiting, reads it (receipt) and answers', async () => {
    // Her own matchmaker: the counts are per matchmaker, and other tests leave Sofie's clients waiting.
    const ines = await createMatchmaker(t.db, { full_name: 'Ines Peeters' });
    const inesCookie = await t.login(ines.email);
    const emma = await newClient('Emma Bericht', ines);
    const first = await sent(
      await clientWrites(emma.cookie, '  Dag Sofie, kan je me bellen? https://example.be  '),
    );
    expect(first).toMatchObject({
      sender_role: 'client',
      kind: 'text',
      is_mine: true,
      // Trimmed, and the link kept as the text it is.
      body: 'Dag Sofie, kan je me bellen? https://example.be',
      read_at: null,
      sender_name: 'Emma Bericht',
    });

    const counts = await get<UnreadCount>('/api/matchmaker/conversations/unread', inesCookie);
    expect(counts).toEqual({ unread: 1, waiting: 1 });
    const inbox = await get<{ conversations: InboxEntry[]; waiting: number }>(
      '/api/matchmaker/conversations',
      inesCookie,
    );
    expect(inbox.conversations.find((c) => c.client_id === emma.id)).toMatchObject({
      client_name: 'Emma Bericht',
      unread: 1,
      waiting_since: first.created_at,
      last_message_preview: 'Dag Sofie, kan je me bellen? https://example.be',
      last_sender_role: 'client',
      is_deleted: false,
    });

    const opened = await fileConversation(emma.id, inesCookie);
    expect(opened.can_write).toBe(true);
    expect(opened.messages.map((m) => [m.body, m.is_mine])).toEqual([[first.body, false]]);
    expect(await get<UnreadCount>('/api/matchmaker/conversations/unread', inesCookie)).toEqual({
      unread: 0,
      waiting: 1,
    });
    // The client sees the receipt.
    const mine = await myConversation(emma.cookie);
    expect(mine.messages[0]!.read_at).not.toBeNull();
    expect(mine.matchmaker).toEqual({ id: ines.id, full_name: 'Ines Peeters' });

    const answer = await sent(await matchmakerWrites(emma.id, inesCookie, 'Morgen om 10:00, goed?'));
    expect(answer).toMatchObject({ sender_role: 'matchmaker', is_mine: true, sender_name: 'Ines Peeters' });
    expect(await get<UnreadCount>('/api/matchmaker/conversations/unread', inesCookie)).toEqual({
      unread: 0,
      waiting: 0,
    });
    expect(await get<UnreadCount>('/api/me/conversation/unread', emma.cookie)).toEqual({
      unread: 1,
      waiting: 0,
    });
    const after = await myConversation(emma.cookie);
    expect(after.messages.map((m) => [m.sender_role, m.is_mine])).toEqual([
      ['client', true],
      ['matchmaker', false],
    ]);
    expect(await get<UnreadCount>('/api/me/conversation/unread', emma.cookie)).toEqual({
      unread: 0,
      waiting: 0,
    });
    // Ines sees that Emma read it.
    const inesView = await fileConversation(emma.id, inesCookie);
    expect(inesView.messages[1]!.read_at).not.toBeNull();
  });

  it('the inbox puts who has waited longest first', async () => {
    const mira = await createMatchmaker(t.db, { full_name: 'Mira Wacht' });
    const cookie = await t.login(mira.email);
    const early = await newClient('Anna Vroeg', mira);
    const late = await newClient('Bart Laat', mira);
    const answered = await newClient('Cis Beantwoord', mira);
    t.clock.setOffset(-30 * MINUTE);
    await sent(await clientWrites(early.cookie, 'Eerst'));
    t.clock.setOffset(-20 * MINUTE);
    await sent(await clientWrites(late.cookie, 'Tweede'));
    await sent(await clientWrites(answered.cookie, 'Derde'));
    t.clock.setOffset(-10 * MINUTE);
    await sent(await matchmakerWrites(answered.id, cookie, 'Beantwoord'));
    t.clock.setOffset(0);
    await sent(await clientWrites(early.cookie, 'Nog eens'));
    const inbox = await get<{ conversations: InboxEntry[]; unread: number; waiting: number }>(
      '/api/matchmaker/conversations',
      cookie,
    );
    expect(inbox.conversations.map((c) => c.client_name)).toEqual([
      'Anna Vroeg',
      'Bart Laat',
      'Cis Beantwoord',
    ]);
    expect(inbox).toMatchObject({ unread: 4, waiting: 2 });
    expect(inbox.conversations[0]!.unread).toBe(2);
  });

  it('a message is text: markup is stored and returned as written, never as HTML', async () => {
    const client = await newClient('Tekst Alleen', sofie);
    const body = '<b>vet</b> <script>alert(1)</script> & <a href="https://x.be">link</a>';
    expect((await sent(await clientWrites(client.cookie, body))).body).toBe(body);
    expect((await fileConversation(client.id, cookies.sofie!)).messages[0]!.body).toBe(body);
  });
});

describe('who may read and write (issue 32, must hold)', () => {
  let emma: Awaited<ReturnType<typeof newClient>>;
  let other: Awaited<ReturnType<typeof newClient>>;
  beforeAll(async () => {
    emma = await newClient('Emma Geheim', sofie);
    other = await newClient('Olivia Ander', lotte);
    await sent(await clientWrites(emma.cookie, 'Alleen voor Sofie'));
  });

  it('a visitor is refused everywhere (401)', async () => {
    for (const [path, json] of [
      ['/api/me/conversation', undefined],
      ['/api/me/conversation/messages', { body: 'x' }],
      ['/api/me/conversation/unread', undefined],
      [`/api/matchmaker/clients/${emma.id}/conversation`, undefined],
      [`/api/matchmaker/clients/${emma.id}/conversation/messages`, { body: 'x' }],
      [`/api/matchmaker/clients/${emma.id}/debriefs`, undefined],
      ['/api/matchmaker/conversations', undefined],
      ['/api/matchmaker/conversations/unread', undefined],
    ] as const) {
      await expectRefused(await t.request(path, { json }), 401, 'NOT_AUTHENTICATED', { label: path });
    }
  });

  it("another client reads only their own conversation, and reaches no client's file", async () => {
    const own = await myConversation(other.cookie);
    expect(own.client.id).toBe(other.id);
    expect(own.messages.map((m) => m.body)).not.toContain('Alleen voor Sofie');
    for (const [path, json] of [
      [`/api/matchmaker/clients/${emma.id}/conversation`, undefined],
      [`/api/matchmaker/clients/${emma.id}/conversation/messages`, { body: 'Hallo Emma' }],
      [`/api/matchmaker/clients/${emma.id}/debriefs`, undefined],
      ['/api/matchmaker/conversations', undefined],
    ] as const) {
      await expectRefused(await t.request(path, { cookie: other.cookie, json }), 403, 'UNAUTHORIZED', {
        label: path,
      });
    }
  });

  it("another matchmaker can neither read nor write the client's conversation", async () => {
    await expectRefused(
      await t.request(`/api/matchmaker/clients/${emma.id}/conversation`, { cookie: cookies.lotte }),
      403,
      'UNAUTHORIZED',
    );
    await expectRefused(await matchmakerWrites(emma.id, cookies.lotte!, 'Hallo Emma'), 403, 'UNAUTHORIZED');
    await expectRefused(
      await t.request(`/api/matchmaker/clients/${emma.id}/debriefs`, { cookie: cookies.lotte }),
      403,
      'UNAUTHORIZED',
    );
    const inbox = await get<{ conversations: InboxEntry[] }>('/api/matchmaker/conversations', cookies.lotte!);
    expect(inbox.conversations.map((c) => c.client_id)).not.toContain(emma.id);
    // A staff route is no client's: a matchmaker has no conversation of their own.
    await expectRefused(
      await t.request('/api/me/conversation', { cookie: cookies.lotte }),
      403,
      'UNAUTHORIZED',
    );
  });

  it('a deactivated matchmaker reaches nothing, not even their former clients', async () => {
    const former = await newClient('Frieda Vroeger', marc);
    for (const [path, json] of [
      [`/api/matchmaker/clients/${former.id}/conversation`, undefined],
      [`/api/matchmaker/clients/${former.id}/conversation/messages`, { body: 'Hallo' }],
      ['/api/matchmaker/conversations', undefined],
      ['/api/matchmaker/conversations/unread', undefined],
    ] as const) {
      await expectRefused(await t.request(path, { cookie: cookies.marc, json }), 403, 'ACCOUNT_INACTIVE', {
        label: path,
      });
    }
  });

  it('an admin reads (recorded) but does not write, and the inbox is for matchmakers', async () => {
    await expectRefused(await matchmakerWrites(emma.id, cookies.admin!, 'Beheer hier'), 403, 'UNAUTHORIZED', {
      error: MESSAGE_TEXTS.notYourClient,
    });
    await expectRefused(
      await t.request('/api/matchmaker/conversations', { cookie: cookies.admin }),
      403,
      'UNAUTHORIZED',
    );
    expect(await get<UnreadCount>('/api/matchmaker/conversations/unread', cookies.admin!)).toEqual({
      unread: 0,
      waiting: 0,
    });
  });

  it('bad input is a Dutch 4xx, never a 5xx', async () => {
    for (const [body, error] of [
      ['', MESSAGE_TEXTS.empty],
      ['   \n  ', MESSAGE_TEXTS.empty],
      ['x'.repeat(MAX_MESSAGE_LENGTH + 1), MESSAGE_TEXTS.tooLong],
    ] as const) {
      await expectRefused(await clientWrites(emma.cookie, body), 400, 'BAD_REQUEST', { error });
      await expectRefused(await matchmakerWrites(emma.id, cookies.sofie!, body), 400, 'BAD_REQUEST', {
        error,
      });
    }
    for (const json of [{}, { body: 42 }, { body: null }, { body: ['a'] }, 'tekst']) {
      const response = await t.request('/api/me/conversation/messages', { cookie: emma.cookie, json });
      expect(response.status, JSON.stringify(json)).toBe(400);
    }
    const malformed = await t.request('/api/me/conversation/messages', {
      method: 'POST',
      cookie: emma.cookie,
      headers: { 'content-type': 'application/json' },
      body: '{"body": ',
    });
    expect(malformed.status).toBe(400);
    // Exactly the limit is fine.
    await sent(await clientWrites(emma.cookie, 'y'.repeat(MAX_MESSAGE_LENGTH)));
    // No such client.
    await expectRefused(
      await t.request('/api/matchmaker/clients/geen-klant/conversation', { cookie: cookies.sofie }),
      404,
      'NOT_FOUND',
    );
    await expectRefused(await matchmakerWrites(sofie.id, cookies.sofie!, 'Hallo'), 404, 'NOT_FOUND');
    // A client without a matchmaker has nobody to write to.
    const alone = await newClient('Zonder Matchmaker', null);
    await expectRefused(await clientWrites(alone.cookie, 'Hallo?'), 409, 'NO_MATCHMAKER', {
      error: MESSAGE_TEXTS.noMatchmaker,
    });
    expect((await myConversation(alone.cookie)).can_write).toBe(false);
  });
});

describe('the e-mail about unread messages (issue 32 item 2)', () => {
  const at = (minutes: number) => t.clock.setOffset(minutes * MINUTE);
  const sweep = () => sweepMessageNotifications({ ctx: t.ctx });

  it('waits 15 quiet minutes, batches, mails at most once an hour, and not what was read', async () => {
    const noor = await newClient('Noor Mail', sofie);
    try {
      at(0);
      await sent(await matchmakerWrites(noor.id, cookies.sofie!, 'Hoe gaat het?'));
      at(10);
      await sent(await matchmakerWrites(noor.id, cookies.sofie!, 'Ik hoor het graag.'));
      at(20);
      // 10 minutes after the last: still quiet time.
      await sweep();
      expect(await mailsTo(noor.email)).toHaveLength(0);
      at(26);
      await sweep();
      await sweep();
      const [mail, ...more] = await mailsTo(noor.email);
      expect(more).toHaveLength(0);
      expect(mail!.subject).toBe('2 nieuwe berichten van Sofie Peeters');
      // The mail says who wrote, never what.
      expect(mail!.text).not.toContain('Hoe gaat het');
      expect(mail!.text).toContain('/dashboard/berichten');

      // A new message 30 minutes later: quiet at 61, but within the hour of the last mail.
      at(46);
      await sent(await matchmakerWrites(noor.id, cookies.sofie!, 'Nog één ding.'));
      at(62);
      await sweep();
      expect(await mailsTo(noor.email)).toHaveLength(1);
      at(87);
      await sweep();
      const mails = await mailsTo(noor.email);
      expect(mails).toHaveLength(2);
      expect(mails.map((m) => m.subject)).toContain('Nieuw bericht van Sofie Peeters');

      // Read before the quiet period ends: no mail.
      at(100);
      await sent(await matchmakerWrites(noor.id, cookies.sofie!, 'Gelezen?'));
      await myConversation(noor.cookie);
      at(200);
      await sweep();
      expect(await mailsTo(noor.email)).toHaveLength(2);
    } finally {
      at(0);
    }
  });

  it("mails the matchmaker about a client's messages, and honours the switch in the settings", async () => {
    const jan = await newClient('Jan Schrijft', lotte);
    const stil = await newClient('Stil Uitgezet', lotte);
    const lotteMailsBefore = (await mailsTo(lotte.email)).length;
    await t.request('/api/me/settings', {
      method: 'PATCH',
      cookie: stil.cookie,
      json: { email_opt_outs: ['message-notification'] },
    });
    const [settings] = await t.db
      .select()
      .from(account_settings)
      .where(eq(account_settings.user_id, stil.id));
    expect(settings!.email_opt_outs).toEqual(['message-notification']);
    try {
      at(0);
      await sent(await clientWrites(jan.cookie, 'Dag Lotte'));
      await sent(await matchmakerWrites(stil.id, cookies.lotte!, 'Dag Stil'));
      at(16);
      const result = await sweep();
      expect(result.matchmakers).toBeGreaterThanOrEqual(1);
      const lotteMails = await mailsTo(lotte.email);
      expect(lotteMails).toHaveLength(lotteMailsBefore + 1);
      expect(lotteMails.at(-1)!.subject).toBe('Nieuw bericht van Jan Schrijft');
      expect(lotteMails.at(-1)!.text).toContain(`/matchmaker/clients/${jan.id}`);
      expect(await mailsTo(stil.email)).toHaveLength(0);
      // Switched off counts as handled: the message is not mailed later either.
      const [message] = await t.db
        .select()
        .from(conversation_messages)
        .where(eq(conversation_messages.client_id, stil.id));
      expect(message!.notified_at).not.toBeNull();
    } finally {
      at(0);
    }
  });
});

describe('debriefs after a held date (issue 32 item 3)', () => {
  it("the date's completion asks both clients in their conversations; the answer sits in the file", async () => {
    const an = await newClient('An Debrief', sofie);
    const ben = await newClient('Ben Debrief', lotte);
    const match = await createMatch(t.db, {
      clientA: an.id,
      clientB: ben.id,
      matchmaker_id: sofie.id,
      status: 'scheduled',
      scheduled_at: new Date(Date.now() - 20 * 3600_000),
    });
    const held = await t.request(`/api/matches/${match.id}/outcome`, {
      cookie: cookies.sofie,
      json: { outcome: 'completed' },
    });
    expect(held.status, await held.clone().text()).toBe(200);

    const anView = await myConversation(an.cookie);
    expect(anView.messages).toHaveLength(1);
    expect(anView.messages[0]).toMatchObject({
      kind: 'debrief',
      sender_role: 'matchmaker',
      sender_name: 'Sofie Peeters',
      match_id: match.id,
    });
    expect(anView.messages[0]!.body).toContain('je date met Ben');
    // Ben's question comes from his own matchmaker.
    const benView = await myConversation(ben.cookie);
    expect(benView.messages[0]).toMatchObject({ kind: 'debrief', sender_name: 'Lotte Janssens' });
    expect(benView.messages[0]!.body).toContain('je date met An');

    const answer = await sent(await clientWrites(an.cookie, 'Heel leuk, we zien elkaar terug!'));
    expect(answer).toMatchObject({ kind: 'debrief_answer', match_id: match.id });
    // What follows is an ordinary message.
    expect((await sent(await clientWrites(an.cookie, 'Nog iets anders'))).kind).toBe('text');

    const { debriefs } = await get<{ debriefs: Debrief[] }>(
      `/api/matchmaker/clients/${an.id}/debriefs`,
      cookies.sofie!,
    );
    expect(debriefs).toEqual([
      expect.objectContaining({
        match_id: match.id,
        answer: 'Heel leuk, we zien elkaar terug!',
        answered_at: answer.created_at,
      }),
    ]);
    const bens = await get<{ debriefs: Debrief[] }>(
      `/api/matchmaker/clients/${ben.id}/debriefs`,
      cookies.lotte!,
    );
    expect(bens.debriefs[0]!.answer).toBeNull();
  });
});

describe('a change of matchmaker and the admin reading (issue 32 item 4)', () => {
  it('the new matchmaker reads the history, the client reads a notice, the old one is out', async () => {
    const kim = await newClient('Kim Wissel', sofie);
    await sent(await clientWrites(kim.cookie, 'Voor de wissel'));
    await sent(await matchmakerWrites(kim.id, cookies.sofie!, 'Graag gedaan'));
    const changed = await t.request('/api/me/matchmaker', {
      method: 'PUT',
      cookie: kim.cookie,
      json: { matchmaker_id: lotte.id, confirm: true },
    });
    expect(changed.status, await changed.clone().text()).toBe(200);

    const lotteView = await fileConversation(kim.id, cookies.lotte!);
    expect(lotteView.messages.map((m) => m.body)).toEqual([
      'Voor de wissel',
      'Graag gedaan',
      expect.stringContaining('overgedragen aan Lotte Janssens'),
    ]);
    expect(lotteView.messages[1]).toMatchObject({ sender_name: 'Sofie Peeters', is_mine: false });
    expect(lotteView.can_write).toBe(true);
    const kimView = await myConversation(kim.cookie);
    expect(kimView.messages.at(-1)).toMatchObject({
      sender_role: 'system',
      kind: 'handover',
      read_at: expect.any(String),
    });
    await expectRefused(await matchmakerWrites(kim.id, cookies.sofie!, 'Nog even'), 403, 'UNAUTHORIZED');
  });

  it("an admin's change hands over too; every admin reading is in the client's audit trail", async () => {
    const lien = await newClient('Lien Beheer', sofie);
    await sent(await clientWrites(lien.cookie, 'Ik heb een klacht'));
    const moved = await t.request(`/api/admin/clients/${lien.id}/matchmaker`, {
      method: 'PUT',
      cookie: cookies.admin,
      json: { matchmaker_id: lotte.id },
    });
    expect(moved.status, await moved.clone().text()).toBe(200);
    for (let i = 0; i < 2; i++) {
      const read = await fileConversation(lien.id, cookies.admin!);
      expect(read.can_write).toBe(false);
      expect(read.messages.map((m) => m.kind)).toEqual(['text', 'handover']);
    }
    // Reading as an admin marks nothing read for the matchmaker.
    expect(
      (await get<UnreadCount>('/api/matchmaker/conversations/unread', cookies.lotte!)).unread,
    ).toBeGreaterThan(0);
    const events = await t.db
      .select()
      .from(admin_audit_events)
      .where(
        and(eq(admin_audit_events.subject_id, lien.id), eq(admin_audit_events.action, 'conversation_read')),
      );
    expect(events).toHaveLength(2);
    expect(events.every((e) => e.actor_id === admin.id)).toBe(true);
    const file = (await get<{ client: AdminClient }>(`/api/admin/clients/${lien.id}`, cookies.admin!)).client;
    expect(file.audit.filter((e) => e.action === 'conversation_read')).toHaveLength(2);
    expect(file.audit.find((e) => e.action === 'conversation_read')).toMatchObject({
      actor_name: 'Beheer Koppel',
      detail: expect.stringContaining('Gesprek'),
    });
    // A matchmaker's own reading is not an audit event.
    await fileConversation(lien.id, cookies.lotte!);
    expect(
      await t.db
        .select()
        .from(admin_audit_events)
        .where(
          and(eq(admin_audit_events.subject_id, lien.id), eq(admin_audit_events.action, 'conversation_read')),
        ),
    ).toHaveLength(2);
  });
});

describe("the client's export and deletion (issue 32 item 5)", () => {
  it('exports the messages, erases them with the account, and the matchmaker sees "Verwijderd account"', async () => {
    const vera = await newClient('Vera Weg', sofie);
    await sent(await clientWrites(vera.cookie, 'Mijn geheime wens'));
    await sent(await matchmakerWrites(vera.id, cookies.sofie!, 'Begrepen, Vera'));
    const exported = await get<{ onderdelen: Record<string, Record<string, unknown>[]> }>(
      '/api/me/export',
      vera.cookie,
    );
    // Under the export's Dutch headings and names (export-labels.ts).
    const messages = exported.onderdelen.Berichten!;
    expect(messages.map((m) => m.Tekst)).toEqual(['Mijn geheime wens', 'Begrepen, Vera']);
    expect(exported.onderdelen['Gesprek met je matchmaker']).toHaveLength(1);

    const deleted = await t.request('/api/me', {
      method: 'DELETE',
      cookie: vera.cookie,
      json: { password: vera.password, confirmation: 'VERWIJDER' },
    });
    expect(deleted.status, await deleted.clone().text()).toBe(200);
    expect(
      await t.db.select().from(conversation_messages).where(eq(conversation_messages.client_id, vera.id)),
    ).toHaveLength(0);
    const [kept] = await t.db.select().from(conversations).where(eq(conversations.client_id, vera.id));
    expect(kept).toMatchObject({ matchmaker_id: sofie.id, last_message_at: null });
    const inbox = await get<{ conversations: InboxEntry[] }>('/api/matchmaker/conversations', cookies.sofie!);
    expect(inbox.conversations.find((c) => c.client_id === vera.id)).toMatchObject({
      client_name: 'Verwijderd account',
      is_deleted: true,
      unread: 0,
      last_message_preview: null,
    });
    // Nothing of the text is left anywhere in the conversation tables.
    const all = await t.db
      .select({ body: conversation_messages.body })
      .from(conversation_messages)
      .where(inArray(conversation_messages.client_id, [vera.id]));
    expect(all).toEqual([]);
  });
});
