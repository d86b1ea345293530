import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { loginViaApi, type MailboxMessage, waitForMail } from './fixtures';

/** A page in its own browser context, signed in as `email`. */
export async function signedInPage(browser: Browser, email: string, password?: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await loginViaApi(page, email, password);
  return page;
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
