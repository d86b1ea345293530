import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, test as base, expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'koppel-demo-2026';
/** The ports of this run: playwright.config.ts picks them (free ones) and the workers inherit them. */
export function e2ePort(name: 'E2E_PORT' | 'E2E_EMPTY_PORT'): number {
  const port = Number(process.env[name]);
  if (!port) throw new Error(`${name} is not set: run the tests through playwright.config.ts`);
  return port;
}

export const BASE_URL = `http://localhost:${e2ePort('E2E_PORT')}`;

export interface MailboxMessage {
  id: string;
  to: string;
  subject: string;
  text: string;
  links: string[];
  /** Files sent along (issue 27: a date's .ics). */
  attachments: { filename: string; content_type: string; content: string }[];
  created_at: string;
}

/**
 * The newest message to `to` (optionally with a subject, and one that `also` accepts), waiting
 * until it arrives.
 */
export async function waitForMail(
  request: APIRequestContext,
  to: string,
  subject?: string,
  also: (message: MailboxMessage) => boolean = () => true,
): Promise<MailboxMessage> {
  let found: MailboxMessage | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get('/dev/mailbox.json');
        const { messages } = (await response.json()) as { messages: MailboxMessage[] };
        found = messages.find(
          (m) => m.to === to.toLowerCase() && (!subject || m.subject === subject) && also(m),
        );
        return Boolean(found);
      },
      { timeout: 30_000, message: `mail '${subject ?? ''}' to ${to}` },
    )
    .toBe(true);
  return found!;
}

/** A unique e-mail address per test run, so tests can run in any order and in parallel. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@e2e.koppel.example`;
}

/** Logs in through the API (not the form): the browser context gets the session cookie. */
export async function loginViaApi(page: Page, email: string, password = DEMO_PASSWORD) {
  const response = await page.request.post('/api/auth/sign-in/email', {
    data: { email, password },
    headers: { origin: BASE_URL },
  });
  expect(response.status(), `login ${email}`).toBe(200);
}

/** axe on the current page: no violations at all. */
export async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const summary = results.violations.map(
    (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  expect(summary, `axe violations on ${page.url()}`).toEqual([]);
}

export const test = base;
export { expect };
