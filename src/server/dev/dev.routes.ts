import { createRoute, z } from '@hono/zod-openapi';
import { OUTBOX_RESEND_LABEL, OUTBOX_STATUS_LABELS } from '../../shared/outbox';
import type { AppContext } from '../context';
import type { ScheduledJob } from '../feature';
import { resendOutboxMessage } from '../features/outbox/outbox.service';
import { AppError } from '../lib/errors';
import { escapeHtml, extractLinks } from '../lib/html';
import { createRouter, errorContent } from '../lib/openapi';
import { markActiveForMatching } from './clients.service';
import {
  accountId,
  factoryAdminRoute,
  factoryClientRoute,
  factoryMatchmakerRoute,
  factoryMatchRoute,
} from './factory.routes';
import {
  createFactoryAdmin,
  createFactoryClient,
  createFactoryMatch,
  createFactoryMatchmaker,
} from './factory.service';
import { findMessage, listRecentMessages, refuseDelivery } from './mailbox.service';

const mailboxMessageSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  links: z.array(z.string()),
  /** Issue 27: files sent along (a date's `.ics`), with their text. */
  attachments: z.array(
    z.object({
      filename: z.string(),
      content_type: z.string(),
      content: z.string(),
      /** Issue 29: a binary file (an invoice's PDF) travels base64-encoded. */
      encoding: z.enum(['base64']).optional(),
    }),
  ),
  status: z.string(),
  created_at: z.string(),
});

const mailboxAttachmentRoute = createRoute({
  method: 'get',
  path: '/mailbox/{id}/attachments/{index}',
  tags: ['dev'],
  summary: 'Local installs only: one file sent along with a message, as it would arrive',
  request: { params: z.object({ id: z.string().uuid(), index: z.coerce.number().int().min(0).max(20) }) },
  responses: {
    200: {
      content: {
        'text/plain': { schema: z.string() },
        'application/pdf': { schema: z.string().openapi({ format: 'binary' }) },
      },
      description: 'The file',
    },
    404: { description: 'No such message or file' },
  },
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

/** Far enough for any term or deadline; further would break dates (and the clock). */
const MAX_CLOCK_OFFSET_MS = 10 * 366 * 86_400_000;

const mailboxResendRoute = createRoute({
  method: 'post',
  path: '/mailbox/{id}/resend',
  tags: ['dev'],
  summary: "Local installs only: the mailbox's resend button for a failed message, back to the mailbox",
  request: { params: z.object({ id: z.string().uuid() }) },
  responses: {
    303: { description: 'Resent; back to the mailbox' },
    403: { description: 'Posted from another origin' },
    404: { description: 'No such message' },
    409: { description: 'The message has not failed' },
  },
});

const mailboxRefuseRoute = createRoute({
  method: 'post',
  path: '/mailbox/{id}/refuse',
  tags: ['dev'],
  summary:
    'Local installs only: a pending message refused by the mail server for 3 days, so it gives up (failed, the admins alerted); for end-to-end tests of failed e-mails',
  request: { params: z.object({ id: z.string().uuid() }) },
  responses: {
    200: {
      content: { 'application/json': { schema: z.object({ status: z.string() }) } },
      description: 'What delivery did: failed',
    },
    403: { description: 'Posted from another origin' },
    404: errorContent('No such message'),
    409: errorContent('The message is not pending'),
  },
});

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
          schema: z.object({
            offset_ms: z
              .number()
              .int()
              .min(-MAX_CLOCK_OFFSET_MS, 'Hoogstens tien jaar terug')
              .max(MAX_CLOCK_OFFSET_MS, 'Hoogstens tien jaar vooruit'),
          }),
        },
      },
      required: true,
    },
  },
  responses: { 200: { content: { 'application/json': { schema: clockSchema } }, description: 'The clock' } },
});

const runJobRoute = createRoute({
  method: 'post',
  path: '/jobs/{name}',
  tags: ['dev'],
  summary:
    "Local installs only: run a feature's scheduled job now (end-to-end tests move the clock, then call this)",
  request: { params: z.object({ name: z.string().max(100) }) },
  responses: {
    200: {
      content: { 'application/json': { schema: z.record(z.string(), z.number()) } },
      description: 'What the job did, as counts',
    },
    404: errorContent('Geen taak met deze naam'),
  },
});

// Issue 16: every proposal needs two clients active for matching; end-to-end tests that sign up a
// fresh client mark them as if their intake was held (the intake journey has its own tests).
const activeForMatchingRoute = createRoute({
  method: 'post',
  path: '/clients/{id}/active-for-matching',
  tags: ['dev'],
  summary:
    'Local installs only: a client as after a held intake (contract status active_for_matching), with the given matchmaker',
  request: {
    params: z.object({ id: accountId }),
    body: {
      content: {
        'application/json': { schema: z.object({ matchmaker_id: accountId.optional() }) },
      },
      required: false,
    },
  },
  responses: {
    200: { content: { 'application/json': { schema: z.object({ id: z.string() }) } }, description: 'Done' },
    404: errorContent('Geen klant met deze id'),
  },
});

/** Only mounted on local installs (APP_URL on loopback). */
export function devRoutes(ctx: AppContext, jobs: readonly ScheduledJob[]) {
  const recent = () => listRecentMessages({ ctx });
  const clockReply = () => ({ offset_ms: ctx.clock.offset(), now: ctx.clock.now().toISOString() });
  // Every mutation here needs the app's own Origin: app.ts checks /dev/* as it does /api/* (issue 30).
  return createRouter()
    .openapi(mailboxJsonRoute, async (c) => {
      const rows = await recent();
      const messages = rows.map((m) => ({
        id: m.id,
        to: m.to_address,
        subject: m.subject,
        text: m.text,
        links: extractLinks(m.html),
        attachments: m.attachments ?? [],
        status: m.status,
        created_at: m.created_at.toISOString(),
      }));
      return c.json({ messages }, 200);
    })
    .openapi(mailboxHtmlRoute, async (c) => {
      const rows = await recent();
      const items = rows
        .map(
          (
            m,
          ) => `<li${m.status === 'failed' ? ' class="failed"' : ''}><a href="/dev/mailbox/${m.id}">${escapeHtml(m.subject)}</a>
            <span>aan ${escapeHtml(m.to_address)}, ${m.created_at.toLocaleString('nl-NL', { timeZone: 'Europe/Brussels' })}</span>
            <strong class="status">${OUTBOX_STATUS_LABELS[m.status]}</strong>${
              m.status === 'failed'
                ? ` <span>na ${m.attempts} pogingen</span>
            <form method="post" action="/dev/mailbox/${m.id}/resend"><button type="submit">${OUTBOX_RESEND_LABEL}</button></form>`
                : ''
            }
            <ul>${extractLinks(m.html)
              .map((l) => `<li><a href="${escapeHtml(l)}">${escapeHtml(l)}</a></li>`)
              .join('')}${(m.attachments ?? [])
              .map(
                (a, i) =>
                  `<li>Bijlage: <a href="/dev/mailbox/${m.id}/attachments/${i}">${escapeHtml(a.filename)}</a></li>`,
              )
              .join('')}</ul></li>`,
        )
        .join('');
      return c.html(
        `<!doctype html><html lang="nl"><head><meta charset="utf-8"><title>Dev-mailbox | Koppel</title>
<style>.status{margin-left:.5rem}.failed .status{color:#b91c1c}.failed{border-left:4px solid #b91c1c;padding-left:.5rem}form{display:inline;margin-left:.5rem}</style></head>
<body style="font-family:system-ui,sans-serif;max-width:900px;margin:2rem auto;padding:0 1rem">
<main><h1>Dev-mailbox</h1><p>Lokale installatie: e-mails worden niet verstuurd maar hier getoond, nieuwste eerst.</p>
${rows.length ? `<ol>${items}</ol>` : '<p>Nog geen e-mails.</p>'}</main></body></html>`,
        200,
      );
    })
    .openapi(mailboxMessageRoute, async (c) => {
      const message = await findMessage({ ctx, id: c.req.valid('param').id });
      if (!message) throw new AppError('NOT_FOUND');
      return c.html(message.html, 200);
    })
    .openapi(mailboxAttachmentRoute, async (c) => {
      const { id, index } = c.req.valid('param');
      const file = (await findMessage({ ctx, id }))?.attachments?.[index];
      if (!file) throw new AppError('NOT_FOUND');
      return c.body(
        file.encoding === 'base64' ? new Uint8Array(Buffer.from(file.content, 'base64')) : file.content,
        200,
        {
          'content-type': file.content_type,
          'content-disposition': `attachment; filename="${file.filename.replace(/[^\w.-]/g, '_')}"`,
        },
      );
    })
    .openapi(mailboxResendRoute, async (c) => {
      await resendOutboxMessage({ ctx, id: c.req.valid('param').id });
      return c.redirect('/dev/mailbox', 303);
    })
    .openapi(mailboxRefuseRoute, async (c) => {
      const { status } = await refuseDelivery({ ctx, id: c.req.valid('param').id });
      return c.json({ status }, 200);
    })
    .openapi(getClockRoute, (c) => c.json(clockReply(), 200))
    .openapi(setClockRoute, (c) => {
      ctx.clock.setOffset(c.req.valid('json').offset_ms);
      return c.json(clockReply(), 200);
    })
    .openapi(runJobRoute, async (c) => {
      const job = jobs.find((j) => j.name === c.req.valid('param').name);
      if (!job) throw new AppError('NOT_FOUND');
      return c.json(await job.run(ctx), 200);
    })
    .openapi(activeForMatchingRoute, async (c) => {
      const body = c.req.header('content-type')?.includes('json') ? c.req.valid('json') : {};
      return c.json(
        await markActiveForMatching({ ctx, id: c.req.valid('param').id, matchmaker_id: body.matchmaker_id }),
        200,
      );
    })
    .openapi(factoryClientRoute, async (c) => {
      return c.json(await createFactoryClient({ ctx, input: c.req.valid('json') }), 201);
    })
    .openapi(factoryMatchmakerRoute, async (c) => {
      return c.json(await createFactoryMatchmaker({ ctx, input: c.req.valid('json') }), 201);
    })
    .openapi(factoryAdminRoute, async (c) => {
      return c.json(await createFactoryAdmin({ ctx, input: c.req.valid('json') }), 201);
    })
    .openapi(factoryMatchRoute, async (c) => {
      return c.json(await createFactoryMatch({ ctx, input: c.req.valid('json') }), 201);
    });
}
