import { eq, inArray, like } from 'drizzle-orm';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatEuroCents } from '../../../shared/format';
import type { AdminPayment, Purchase } from '../../../shared/money';
import { createAdmin, createClient, createMatchmaker } from '../../db/factories';
import { document_counters, email_outbox, invoices, payments, user_profiles } from '../../db/schema';
import { TERMS_ACCEPTED } from '../../test/checkout';
import { expectRefused } from '../../test/expect-refused';
import { createTestApp, type TestApp } from '../../test/test-app';

/*
 * Issue 29 with the demo provider (the local default, the same code path as Stripe's): invoices
 * numbered without gaps under load, their PDF, the purchase e-mail, "Mijn aankopen", the 14-day
 * withdrawal, refunds from the console with their credit note and the term, revenue and the CSV.
 */

let t: TestApp;
const cookies: Record<'admin' | 'matchmaker', string> = { admin: '', matchmaker: '' };

beforeAll(async () => {
  t = await createTestApp();
  const admin = await createAdmin(t.db, { email: 'beheer@money.koppel.example' });
  const matchmaker = await createMatchmaker(t.db, {});
  cookies.admin = await t.login(admin.email);
  cookies.matchmaker = await t.login(matchmaker.email);
});

afterAll(async () => {
  await t?.close();
});

async function newClient(fullName = 'Emma Claes') {
  const client = await createClient(t.db, { full_name: fullName, tier: 'Relax' });
  return { ...client, cookie: await t.login(client.email) };
}

/** Starts a checkout and presses "Betalen" on the demo page: the session id. */
async function buy(cookie: string, tier = 'Persoonlijk', method: 'bancontact' | 'card' = 'bancontact') {
  const start = await t.request('/api/checkout-sessions', { cookie, json: { tier, ...TERMS_ACCEPTED } });
  expect(start.status).toBe(201);
  const id = ((await start.json()) as { url: string }).url.split('/').pop()!;
  const pay = await t.request(`/api/demo-checkout/${id}/pay`, { cookie, json: { method } });
  expect(pay.status).toBe(200);
  return id;
}

async function purchasesOf(cookie: string): Promise<Purchase[]> {
  const response = await t.request('/api/me/purchases', { cookie });
  expect(response.status).toBe(200);
  return ((await response.json()) as { purchases: Purchase[] }).purchases;
}

/** The text of every page of a PDF, as a reader extracts it (pdf.js). */
async function pdfText(bytes: Uint8Array): Promise<string> {
  const pdf = await getDocument({ data: bytes, verbosity: 0 }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const content = await (await pdf.getPage(n)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  return pages.join('\n').replace(/\s+/g, ' ');
}

describe('invoices', () => {
  it('ten purchases at the same moment get ten consecutive numbers of one series, no gap, no duplicate', async () => {
    const clients = await Promise.all(Array.from({ length: 10 }, (_, i) => newClient(`Klant ${i}`)));
    const starts = await Promise.all(
      clients.map(async (c) => {
        const start = await t.request('/api/checkout-sessions', {
          cookie: c.cookie,
          json: { tier: 'Relax+', ...TERMS_ACCEPTED },
        });
        return ((await start.json()) as { url: string }).url.split('/').pop()!;
      }),
    );
    const paid = await Promise.all(
      clients.map((c, i) => t.request(`/api/demo-checkout/${starts[i]}/pay`, { cookie: c.cookie, json: {} })),
    );
    expect(paid.map((r) => r.status)).toEqual(Array(10).fill(200));
    const rows = await t.db
      .select()
      .from(invoices)
      .where(
        inArray(
          invoices.client_id,
          clients.map((c) => c.id),
        ),
      );
    expect(rows).toHaveLength(10);
    const year = rows[0]!.year;
    const sequences = rows.map((r) => r.sequence).sort((a, b) => a - b);
    expect(sequences).toEqual(Array.from({ length: 10 }, (_, i) => sequences[0]! + i));
    expect(new Set(rows.map((r) => r.number)).size).toBe(10);
    // Nothing else was numbered meanwhile in this file's series: the counter ends at the last one.
    const all = await t.db.select().from(invoices).where(eq(invoices.year, year));
    const everySequence = all.map((r) => r.sequence).sort((a, b) => a - b);
    expect(everySequence).toEqual(Array.from({ length: all.length }, (_, i) => i + 1));
    const [counter] = await t.db.select().from(document_counters).where(eq(document_counters.year, year));
    expect(counter!.last_number).toBe(all.length);
    expect(rows.every((r) => r.number === `${year}-${String(r.sequence).padStart(5, '0')}`)).toBe(true);
    // Ten sign-ups, ten checkouts and ten fulfilments at once: slow on a busy machine.
  }, 180_000);

  it('the invoice PDF says the number, seller, buyer, tier, amount excl. VAT, VAT 21 % and total; it comes with the purchase e-mail', async () => {
    const emma = await newClient('Emma Claes');
    const sessionId = await buy(emma.cookie, 'Persoonlijk');
    const [purchase] = await purchasesOf(emma.cookie);
    expect(purchase).toMatchObject({
      tier: 'Persoonlijk',
      amount_total: 295_000,
      amount_refunded: 0,
      payment_method: 'bancontact',
      can_withdraw: true,
      withdrawal_requested_at: null,
    });
    const [invoice] = purchase!.documents;
    expect(invoice).toMatchObject({
      kind: 'invoice',
      amount_excl_vat: 243_802,
      vat_amount: 51_198,
      amount_total: 295_000,
    });
    expect(invoice!.number).toMatch(/^\d{4}-\d{5}$/);

    const download = await t.request(`/api/me/invoices/${invoice!.id}/pdf`, { cookie: emma.cookie });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/pdf');
    expect(download.headers.get('content-disposition')).toContain(`factuur-${invoice!.number}.pdf`);
    const text = await pdfText(new Uint8Array(await download.arrayBuffer()));
    for (const expected of [
      `Factuur ${invoice!.number}`,
      'Koppel Matchmaking',
      'Louizalaan 54',
      'Btw-nummer: BE0000.000.097',
      'Emma Claes',
      emma.email,
      'Lidmaatschap Persoonlijk (12 maanden)',
      'Totaal excl. btw € 2.438,02',
      'Btw 21 % € 511,98',
      'Totaal incl. btw € 2.950,00',
    ]) {
      expect(text, text).toContain(expected);
    }

    // The purchase e-mail carries the same PDF, base64-encoded, and names the invoice.
    const [mail] = await t.db
      .select()
      .from(email_outbox)
      .where(like(email_outbox.dedupe_key, `payment-intake:${sessionId}`));
    expect(mail!.text).toContain(
      `factuur ${invoice!.number}: ${formatEuroCents(295_000)}, waarvan ${formatEuroCents(51_198)} btw`,
    );
    expect(mail!.attachments).toHaveLength(1);
    const [attachment] = mail!.attachments!;
    expect(attachment).toMatchObject({
      filename: `factuur-${invoice!.number}.pdf`,
      content_type: 'application/pdf',
      encoding: 'base64',
    });
    const attached = await pdfText(new Uint8Array(Buffer.from(attachment!.content, 'base64')));
    expect(attached).toContain('Totaal incl. btw € 2.950,00');
  });

  it("a client downloads only their own invoices; an admin any; bad ids are 400, others' 404", async () => {
    const owner = await newClient('Eigen Klant');
    await buy(owner.cookie, 'Relax+');
    const [purchase] = await purchasesOf(owner.cookie);
    const id = purchase!.documents[0]!.id;
    const other = await newClient('Andere Klant');
    await expectRefused(
      await t.request(`/api/me/invoices/${id}/pdf`, { cookie: other.cookie }),
      404,
      'INVOICE_NOT_FOUND',
    );
    await expectRefused(await t.request(`/api/me/invoices/${id}/pdf`), 401, 'NOT_AUTHENTICATED');
    await expectRefused(
      await t.request(`/api/me/invoices/${id}/pdf`, { cookie: cookies.matchmaker }),
      403,
      'UNAUTHORIZED',
    );
    await expectRefused(
      await t.request('/api/me/invoices/niet-een-id/pdf', { cookie: owner.cookie }),
      400,
      'BAD_REQUEST',
    );
    const admin = await t.request(`/api/admin/invoices/${id}/pdf`, { cookie: cookies.admin });
    expect(admin.status).toBe(200);
    expect(
      Buffer.from(await admin.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    await expectRefused(
      await t.request(`/api/admin/invoices/${id}/pdf`, { cookie: owner.cookie }),
      403,
      'UNAUTHORIZED',
    );
    await expectRefused(
      await t.request('/api/admin/invoices/00000000-0000-4000-8000-000000000000/pdf', {
        cookie: cookies.admin,
      }),
      404,
      'INVOICE_NOT_FOUND',
    );
    await expectRefused(await t.request('/api/me/purchases'), 401, 'NOT_AUTHENTICATED');
    await expectRefused(await t.request('/api/me/purchases', { cookie: cookies.admin }), 403, 'UNAUTHORIZED');
  });

  it('checkout is refused without the terms accepted and the express request to start', async () => {
    const lucas = await newClient('Lucas Wouters');
    for (const json of [
      { tier: 'Persoonlijk' },
      { tier: 'Persoonlijk', accept_terms: true },
      { tier: 'Persoonlijk', start_now: true },
      { tier: 'Persoonlijk', accept_terms: 'ja', start_now: true },
      { tier: 'Persoonlijk', accept_terms: false, start_now: false },
    ]) {
      const response = await t.request('/api/checkout-sessions', { cookie: lucas.cookie, json });
      await expectRefused(response, 400, 'BAD_REQUEST', { label: JSON.stringify(json) });
    }
    const sessionId = await buy(lucas.cookie, 'Persoonlijk');
    const [payment] = await t.db.select().from(payments).where(eq(payments.provider_session_id, sessionId));
    expect(payment!.terms_version).toBe('2026-11-27');
    expect(payment!.terms_accepted_at).toBeInstanceOf(Date);
    expect(payment!.start_requested_at).toBeInstanceOf(Date);
  });
});

describe('the 14-day withdrawal', () => {
  it('within 14 days: recorded once, confirmed to the client, told to the admins; a second time is refused', async () => {
    const noor = await newClient('Noor Jacobs');
    await buy(noor.cookie);
    const [purchase] = await purchasesOf(noor.cookie);
    const response = await t.request(`/api/me/purchases/${purchase!.id}/withdrawal`, {
      cookie: noor.cookie,
      method: 'POST',
    });
    expect(response.status).toBe(200);
    const [after] = ((await response.json()) as { purchases: Purchase[] }).purchases;
    expect(after!.withdrawal_requested_at).not.toBeNull();
    expect(after!.can_withdraw).toBe(false);
    const mails = await t.db
      .select()
      .from(email_outbox)
      .where(like(email_outbox.dedupe_key, `withdrawal%:${purchase!.id}%`));
    expect(mails.map((m) => m.to_address).sort()).toEqual(['beheer@money.koppel.example', noor.email].sort());
    expect(mails.find((m) => m.to_address === noor.email)!.subject).toBe('We hebben je herroeping ontvangen');
    const again = await t.request(`/api/me/purchases/${purchase!.id}/withdrawal`, {
      cookie: noor.cookie,
      method: 'POST',
    });
    await expectRefused(again, 409, 'WITHDRAWAL_ALREADY_REQUESTED');
    // The admin console lists the request.
    const list = await t.request('/api/admin/payments', { cookie: cookies.admin });
    const listed = ((await list.json()) as { payments: AdminPayment[] }).payments.find(
      (p) => p.id === purchase!.id,
    );
    expect(listed).toMatchObject({ client_name: 'Noor Jacobs', client_email: noor.email });
    expect(listed!.withdrawal_requested_at).not.toBeNull();
  });

  it('after 14 days it is refused in Dutch; on the 14th day it still holds', async () => {
    const pieter = await newClient('Pieter Claes');
    await buy(pieter.cookie);
    const [purchase] = await purchasesOf(pieter.cookie);
    const day = 24 * 60 * 60_000;
    const now = t.clock.now().getTime();
    await t.db
      .update(payments)
      .set({ paid_at: new Date(now - 14 * day - 60_000) })
      .where(eq(payments.id, purchase!.id));
    const [late] = await purchasesOf(pieter.cookie);
    expect(late!.can_withdraw).toBe(false);
    const refused = await t.request(`/api/me/purchases/${purchase!.id}/withdrawal`, {
      cookie: pieter.cookie,
      method: 'POST',
    });
    await expectRefused(refused, 409, 'WITHDRAWAL_PERIOD_OVER', {
      error: 'De herroepingstermijn van 14 dagen voor deze aankoop is voorbij.',
    });
    await t.db
      .update(payments)
      .set({ paid_at: new Date(now - 14 * day + 60 * 60_000) })
      .where(eq(payments.id, purchase!.id));
    const inTime = await t.request(`/api/me/purchases/${purchase!.id}/withdrawal`, {
      cookie: pieter.cookie,
      method: 'POST',
    });
    expect(inTime.status).toBe(200);
  });

  it("refuses another client's purchase (404), staff (403), no session (401) and a bad id (400)", async () => {
    const owner = await newClient('Eigenaar');
    await buy(owner.cookie, 'Relax+');
    const [purchase] = await purchasesOf(owner.cookie);
    const other = await newClient('Iemand Anders');
    const path = `/api/me/purchases/${purchase!.id}/withdrawal`;
    await expectRefused(await t.request(path, { cookie: other.cookie, method: 'POST' }), 404, 'NOT_FOUND');
    await expectRefused(
      await t.request(path, { cookie: cookies.admin, method: 'POST' }),
      403,
      'UNAUTHORIZED',
    );
    await expectRefused(await t.request(path, { method: 'POST' }), 401, 'NOT_AUTHENTICATED');
    await expectRefused(
      await t.request('/api/me/purchases/123/withdrawal', { cookie: owner.cookie, method: 'POST' }),
      400,
      'BAD_REQUEST',
    );
    expect((await purchasesOf(owner.cookie))[0]!.withdrawal_requested_at).toBeNull();
  });
});

describe('refunds from the admin console (demo provider)', () => {
  it('a partial refund gets the next number as a credit note and keeps the term; the rest ends it', async () => {
    const lotte = await newClient('Lotte Maes');
    await buy(lotte.cookie, 'Persoonlijk');
    const [purchase] = await purchasesOf(lotte.cookie);
    const invoiceNumber = purchase!.documents[0]!.number;
    const refund = (amount: number, reason: string) =>
      t.request(`/api/admin/payments/${purchase!.id}/refunds`, {
        cookie: cookies.admin,
        json: { amount, reason },
      });
    expect((await refund(45_000, 'Coulance')).status).toBe(200);
    let [profile] = await t.db.select().from(user_profiles).where(eq(user_profiles.id, lotte.id));
    expect(profile).toMatchObject({ tier: 'Persoonlijk', subscription_status: 'active' });
    await expectRefused(await refund(250_001, 'Te veel'), 409, 'REFUND_TOO_HIGH');
    expect((await refund(250_000, 'Rest terug')).status).toBe(200);
    [profile] = await t.db.select().from(user_profiles).where(eq(user_profiles.id, lotte.id));
    expect(profile).toMatchObject({ tier: 'Relax', subscription_status: 'cancelled' });

    const [after] = await purchasesOf(lotte.cookie);
    expect(after!.amount_refunded).toBe(295_000);
    const notes = after!.documents.filter((d) => d.kind === 'credit_note');
    expect(notes.map((n) => [n.amount_total, n.reason])).toEqual([
      [45_000, 'Coulance'],
      [250_000, 'Rest terug'],
    ]);
    const text = await pdfText(
      new Uint8Array(
        await (
          await t.request(`/api/me/invoices/${notes[0]!.id}/pdf`, { cookie: lotte.cookie })
        ).arrayBuffer(),
      ),
    );
    expect(text).toContain(`Creditnota ${notes[0]!.number}`);
    expect(text).toContain(`Corrigeert factuur ${invoiceNumber}`);
    expect(text).toContain('Btw 21 % € 78,10');
    expect(text).toContain('Terug te betalen incl. btw € 450,00');
    const mails = await t.db.select().from(email_outbox).where(eq(email_outbox.to_address, lotte.email));
    const refundMails = mails.filter((m) => m.template === 'refund-confirmation');
    expect(refundMails).toHaveLength(2);
    expect(refundMails.every((m) => m.attachments?.[0]?.content_type === 'application/pdf')).toBe(true);
  });

  it('a withdrawn purchase refunded in part (the service already started) ends the term', async () => {
    const wout = await newClient('Wout Peeters');
    await buy(wout.cookie, 'Persoonlijk+');
    const [purchase] = await purchasesOf(wout.cookie);
    await t.request(`/api/me/purchases/${purchase!.id}/withdrawal`, { cookie: wout.cookie, method: 'POST' });
    const response = await t.request(`/api/admin/payments/${purchase!.id}/refunds`, {
      cookie: cookies.admin,
      json: { amount: 480_000, reason: 'Herroeping, intake al gehouden' },
    });
    expect(response.status).toBe(200);
    const [profile] = await t.db.select().from(user_profiles).where(eq(user_profiles.id, wout.id));
    expect(profile).toMatchObject({ tier: 'Relax', subscription_status: 'cancelled' });
  });

  it('refuses clients and matchmakers, bad amounts and reasons, and unknown payments', async () => {
    const jan = await newClient('Jan Smets');
    await buy(jan.cookie, 'Relax+');
    const [purchase] = await purchasesOf(jan.cookie);
    const path = `/api/admin/payments/${purchase!.id}/refunds`;
    const good = { amount: 100, reason: 'Test' };
    await expectRefused(await t.request(path, { cookie: jan.cookie, json: good }), 403, 'UNAUTHORIZED');
    await expectRefused(
      await t.request(path, { cookie: cookies.matchmaker, json: good }),
      403,
      'UNAUTHORIZED',
    );
    await expectRefused(await t.request(path, { json: good }), 401, 'NOT_AUTHENTICATED');
    for (const json of [
      {},
      { amount: 0, reason: 'Test' },
      { amount: -5, reason: 'Test' },
      { amount: 1.5, reason: 'Test' },
      { amount: '100', reason: 'Test' },
      { amount: 100 },
      { amount: 100, reason: ' ' },
      { amount: 100, reason: 'x'.repeat(501) },
    ]) {
      await expectRefused(await t.request(path, { cookie: cookies.admin, json }), 400, 'BAD_REQUEST', {
        label: JSON.stringify(json),
      });
    }
    await expectRefused(
      await t.request('/api/admin/payments/00000000-0000-4000-8000-000000000000/refunds', {
        cookie: cookies.admin,
        json: good,
      }),
      404,
      'NOT_FOUND',
    );
    await expectRefused(await t.request('/api/admin/payments', { cookie: jan.cookie }), 403, 'UNAUTHORIZED');
    await expectRefused(
      await t.request('/api/admin/payments', { cookie: cookies.matchmaker }),
      403,
      'UNAUTHORIZED',
    );
    expect((await purchasesOf(jan.cookie))[0]!.amount_refunded).toBe(0);
  });
});

describe('numbers for the owner and the accountant', () => {
  it('revenue per month is invoiced minus refunded; the quarter CSV lists invoices and credit notes in number order', async () => {
    const before = await t.request('/api/admin/revenue', { cookie: cookies.admin });
    const month = (body: { months: { month: string; paid: number; refunded: number; net: number }[] }) =>
      body.months.at(-1) ?? { month: '', paid: 0, refunded: 0, net: 0 };
    const start = month(await before.json());
    const kim = await newClient('Kim; "Komma" Janssens');
    await buy(kim.cookie, 'Relax+');
    const [purchase] = await purchasesOf(kim.cookie);
    await t.request(`/api/admin/payments/${purchase!.id}/refunds`, {
      cookie: cookies.admin,
      json: { amount: 6_500, reason: '=SUM(A1)' },
    });
    const after = month(await (await t.request('/api/admin/revenue', { cookie: cookies.admin })).json());
    const thisMonth = new Intl.DateTimeFormat('fr-CA', {
      timeZone: 'Europe/Brussels',
      year: 'numeric',
      month: '2-digit',
    })
      .format(t.clock.now())
      .slice(0, 7);
    expect(after.month).toBe(thisMonth);
    expect(after.paid - (start.month === thisMonth ? start.paid : 0)).toBe(16_500);
    expect(after.refunded - (start.month === thisMonth ? start.refunded : 0)).toBe(6_500);
    expect(after.net).toBe(after.paid - after.refunded);

    const [year, monthNumber] = thisMonth.split('-').map(Number);
    const quarter = Math.ceil(monthNumber! / 3);
    const csv = await t.request(`/api/admin/invoices.csv?year=${year}&quarter=${quarter}`, {
      cookie: cookies.admin,
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const lines = (await csv.text()).trim().split('\r\n');
    expect(lines[0]).toBe(
      'nummer;soort;datum;klant;e-mail;lidmaatschap;excl. btw;btw %;btw;totaal;munt;reden',
    );
    const documents = purchase!.documents;
    const invoiceLine = lines.find((l) => l.startsWith(`${documents[0]!.number};factuur;`));
    expect(invoiceLine).toContain('"Kim; ""Komma"" Janssens"');
    expect(invoiceLine).toContain(';136,36;21;28,64;165,00;EUR;');
    const noteLine = lines.find((l) => l.includes(';creditnota;') && l.includes(kim.email));
    expect(noteLine).toContain(';-53,72;21;-11,28;-65,00;EUR;');
    // A reason an admin typed is never read as a formula.
    expect(noteLine!.endsWith(";'=SUM(A1)")).toBe(true);
    const numbers = lines.slice(1).map((l) => l.split(';')[0]!);
    expect(numbers).toEqual([...numbers].sort());

    const empty = await t.request(`/api/admin/invoices.csv?year=1999&quarter=1`, { cookie: cookies.admin });
    await expectRefused(empty, 400, 'BAD_REQUEST');
    for (const query of ['year=2026', 'year=2026&quarter=5', 'year=abc&quarter=1', 'quarter=2']) {
      await expectRefused(
        await t.request(`/api/admin/invoices.csv?${query}`, { cookie: cookies.admin }),
        400,
        'BAD_REQUEST',
        {
          label: query,
        },
      );
    }
    await expectRefused(await t.request('/api/admin/revenue', { cookie: kim.cookie }), 403, 'UNAUTHORIZED');
    await expectRefused(
      await t.request('/api/admin/revenue', { cookie: cookies.matchmaker }),
      403,
      'UNAUTHORIZED',
    );
    await expectRefused(
      await t.request(`/api/admin/invoices.csv?year=${year}&quarter=${quarter}`, {
        cookie: cookies.matchmaker,
      }),
      403,
      'UNAUTHORIZED',
    );
    await expectRefused(
      await t.request(`/api/admin/invoices.csv?year=${year}&quarter=${quarter}`),
      401,
      'NOT_AUTHENTICATED',
    );
  });
});
