import { createRoute, z } from '@hono/zod-openapi';
import { desc, eq } from 'drizzle-orm';
import { email_outbox } from '../../db/schema';
import type { Deps } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { escapeHtml, extractLinks } from '../../lib/html';
import { createRouter } from '../../lib/openapi';
import { mailContext } from '../matches/matches.routes';
import { sweepMatchDeadlines } from '../matches/matches.service';
import { sweepSubscriptions } from '../payments/payments.service';

const mailboxMessageSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  links: z.array(z.string()),
  status: z.string(),
  created_at: z.string(),
});

const mailboxJsonRoute = createRoute({
  method: 'get',
  path: '/mailbox.json',
  tags: ['dev'],
  summary: 'Local installs only: every outbox message, newest first',
  responses: {
    200: {
      content: { 'application/json': { schema: z.object({ messages: z.array(mailboxMessageSchema) }) } },
      description: 'The dev mailbox',
    },
  },
});

const mailboxHtmlRoute = createRoute({
  method: 'get',
  path: '/mailbox',
  tags: ['dev'],
  summary: 'Local installs only: the dev mailbox as a page',
  responses: { 200: { content: { 'text/html': { schema: z.string() } }, description: 'The dev mailbox' } },
});

const mailboxMessageRoute = createRoute({
  method: 'get',
  path: '/mailbox/{id}',
  tags: ['dev'],
  summary: 'Local installs only: one message as its HTML body',
  request: { params: z.object({ id: z.string().uuid() }) },
  responses: {
    200: { content: { 'text/html': { schema: z.string() } }, description: 'The message' },
    404: { description: 'No such message' },
  },
});

const MAX_CLOCK_OFFSET_MS = 100 * 365 * 86_400_000;
const clockSchema = z.object({ offset_ms: z.number().int(), now: z.string() });
const getClockRoute = createRoute({
  method: 'get',
  path: '/clock',
  tags: ['dev'],
  summary: "Local installs only: the server's clock",
  responses: { 200: { content: { 'application/json': { schema: clockSchema } }, description: 'The clock' } },
});
const setClockRoute = createRoute({
  method: 'post',
  path: '/clock',
  tags: ['dev'],
  summary: "Local installs only: move the server's clock (for end-to-end tests of deadlines)",
  request: {
    body: {
      content: {
        'application/json': {
          // A century either way: further, the server's "now" leaves what dates can hold.
          schema: z.object({
            offset_ms: z.number().int().min(-MAX_CLOCK_OFFSET_MS).max(MAX_CLOCK_OFFSET_MS),
          }),
        },
      },
      required: true,
    },
  },
  responses: { 200: { content: { 'application/json': { schema: clockSchema } }, description: 'The clock' } },
});

const matchDeadlinesRoute = createRoute({
  method: 'post',
  path: '/jobs/match-deadlines',
  tags: ['dev'],
  summary:
    'Local installs only: run the match deadline sweep now (end-to-end tests move the clock, then call this)',
  responses: {
    200: {
      content: {
        'application/json': {
          schema: z.object({ cancelled: z.number().int(), reminded: z.number().int() }),
        },
      },
      description: 'How many proposals were cancelled and how many reminders were queued',
    },
  },
});

const subscriptionsRoute = createRoute({
  method: 'post',
  path: '/jobs/subscriptions',
  tags: ['dev'],
  summary:
    'Local installs only: run the daily subscription lifecycle now (end-to-end tests move the clock, then call this)',
  responses: {
    200: {
      content: {
        'application/json': {
          schema: z.object({ grace_period: z.number().int(), expired: z.number().int() }),
        },
      },
      description: 'How many subscriptions went to the grace period and how many expired',
    },
  },
});

/** Only mounted on local installs (APP_URL on loopback). */
export function devRoutes(deps: Deps) {
  const recent = () => deps.db.select().from(email_outbox).orderBy(desc(email_outbox.created_at)).limit(200);
  const clockReply = () => ({ offset_ms: deps.clock.offset(), now: deps.clock.now().toISOString() });
  return createRouter()
    .openapi(mailboxJsonRoute, async (c) => {
      const rows = await recent();
      const messages = rows.map((m) => ({
        id: m.id,
        to: m.to_address,
        subject: m.subject,
        text: m.text,
        links: extractLinks(m.html),
        status: m.status,
        created_at: m.created_at.toISOString(),
      }));
      return c.json({ messages }, 200);
    })
    .openapi(mailboxHtmlRoute, async (c) => {
      const rows = await recent();
      const items = rows
        .map(
          (m) => `<li><a href="/dev/mailbox/${m.id}">${escapeHtml(m.subject)}</a>
            <span>aan ${escapeHtml(m.to_address)}, ${m.created_at.toLocaleString('nl-NL', { timeZone: 'Europe/Brussels' })}</span>
            <ul>${extractLinks(m.html)
              .map((l) => `<li><a href="${escapeHtml(l)}">${escapeHtml(l)}</a></li>`)
              .join('')}</ul></li>`,
        )
        .join('');
      return c.html(
        `<!doctype html><html lang="nl"><head><meta charset="utf-8"><title>Dev-mailbox | Koppel</title></head>
<body style="font-family:system-ui,sans-serif;max-width:900px;margin:2rem auto;padding:0 1rem">
<main><h1>Dev-mailbox</h1><p>Lokale installatie: e-mails worden niet verstuurd maar hier getoond, nieuwste eerst.</p>
${rows.length ? `<ol>${items}</ol>` : '<p>Nog geen e-mails.</p>'}</main></body></html>`,
        200,
      );
    })
    .openapi(mailboxMessageRoute, async (c) => {
      const [message] = await deps.db
        .select()
        .from(email_outbox)
        .where(eq(email_outbox.id, c.req.valid('param').id));
      if (!message) throw new AppError('NOT_FOUND');
      return c.html(message.html, 200);
    })
    .openapi(getClockRoute, (c) => c.json(clockReply(), 200))
    .openapi(setClockRoute, (c) => {
      deps.clock.setOffset(c.req.valid('json').offset_ms);
      return c.json(clockReply(), 200);
    })
    .openapi(matchDeadlinesRoute, async (c) => {
      const result = await sweepMatchDeadlines({ mail: mailContext(deps), now: deps.clock.now() });
      return c.json(result, 200);
    })
    .openapi(subscriptionsRoute, async (c) => {
      return c.json(await sweepSubscriptions(mailContext(deps), deps.clock.now()), 200);
    });
}
