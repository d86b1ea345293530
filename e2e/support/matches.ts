import type { APIRequestContext, Browser, Page } from '@playwright/test';
import {
  createConfirmedAccount,
  expect,
  loginViaApi,
  type MailboxMessage,
  uniqueEmail,
  waitForMail,
} from './fixtures';

export const CLIENT_PASSWORD = 'e2e-klant-wachtwoord-2026';

export interface TestClient {
  id: string;
  email: string;
  firstName: string;
  surname: string;
  fullName: string;
}

/** A few random letters: first names and surnames unique to this run, so search finds exactly one. */
const letters = () =>
  Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');

/** A fresh, confirmed client through the real sign-up; its id looked up as Sofie would find it. */
export async function createTestClient(
  request: APIRequestContext,
  staff: APIRequestContext,
  first: string,
): Promise<TestClient> {
  const firstName = `${first}${letters()}`;
  const surname = `Vandamme${letters()}`;
  const fullName = `${firstName} ${surname}`;
  const email = uniqueEmail(first.toLowerCase());
  await createConfirmedAccount(request, { name: fullName, email, password: CLIENT_PASSWORD });
  const search = await staff.get(`/api/clients?q=${encodeURIComponent(surname)}`);
  expect(search.status()).toBe(200);
  // A client without a matchmaker is found without their e-mail (decision 009): by the unique name.
  const { clients } = (await search.json()) as { clients: { id: string; full_name: string | null }[] };
  const found = clients.find((c) => c.full_name === fullName);
  expect(found, `${fullName} is found by the client search`).toBeTruthy();
  // Issue 16: proposals are only for clients active for matching (after their intake), and a
  // matchmaker proposes only for their own clients: the staff member becomes this client's.
  const me = (await (await staff.get('/api/me')).json()) as {
    user: { id: string };
    profile: { role: string };
  };
  const ready = await request.post(`/dev/clients/${found!.id}/active-for-matching`, {
    data: me.profile.role === 'matchmaker' ? { matchmaker_id: me.user.id } : {},
  });
  expect(ready.status()).toBe(200);
  return { id: found!.id, email, firstName, surname, fullName };
}

/** A page in its own browser context, signed in as `email`. */
export async function signedInPage(browser: Browser, email: string, password?: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await loginViaApi(page, email, password);
  return page;
}

/** Proposes a match through the API as the signed-in staff member; returns its id. */
export async function proposeViaApi(staff: APIRequestContext, a: string, b: string, note?: string) {
  const response = await staff.post('/api/matches', { data: { client1_id: a, client2_id: b, note } });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { match: { id: string } }).match.id;
}

/** The newest mail to `to` with `subject` whose links mention `linkPart`, waiting until it arrives. */
export function waitForMatchMail(request: APIRequestContext, to: string, subject: string, linkPart: string) {
  return waitForMail(request, to, subject, (m) => m.links.some((l) => l.includes(linkPart)));
}

/** How many mails `to` got with `subject` so far. */
export async function countMails(request: APIRequestContext, to: string, subject: string) {
  const response = await request.get('/dev/mailbox.json');
  const { messages } = (await response.json()) as { messages: MailboxMessage[] };
  return messages.filter((m) => m.to === to.toLowerCase() && m.subject === subject).length;
}

/** The browser's local "yyyy-MM-ddTHH:mm" for a datetime-local input, `days` from now. */
export function localDateTimeInput(days: number, hour: number): string {
  const date = new Date(Date.now() + days * 86_400_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(hour)}:00`;
}

/** `at` as a datetime-local field in Brussels time (the form's zone) shows it, to the minute. */
export function brusselsMinute(at: Date): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Brussels',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

/** Staff pages name a match "<client1> & <client2>", smaller id first: either order of the two names. */
export function pairName(a: string, b: string, prefix = '', suffix = ''): RegExp {
  const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(
    `^${literal(prefix)}(${literal(a)} & ${literal(b)}|${literal(b)} & ${literal(a)})${literal(suffix)}$`,
  );
}
