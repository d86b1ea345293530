import { verifyPassword } from 'better-auth/crypto';
import { and, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import {
  type AccountSettings,
  type DataExport,
  type DeleteAccountInput,
  optionalEmailsFor,
  type UpdateAccountSettingsInput,
} from '../../../shared/account-settings';
import { DELETED_ACCOUNT_NAME, firstName } from '../../../shared/format';
import { MESSAGES } from '../../../shared/messages';
import { ROUTES } from '../../../shared/routes';
import {
  accountLoginKey,
  beginLoginAttempt,
  forgetLoginFailures,
  loginKey,
  settleLoginAttempt,
} from '../../auth/login-throttle';
import type { Actor, AppContext } from '../../context';
import type { Db } from '../../db/client';
import {
  account,
  account_settings,
  checkout_sessions,
  email_outbox,
  matches,
  user,
  verification,
} from '../../db/schema';
import { selectTogether } from '../../db/together';
import { greetingName } from '../../integrations/mail/layout';
import { AppError } from '../../lib/errors';
import { escapeHtml } from '../../lib/html';
import { ACCOUNT_DELETED_TEMPLATE, accountDeletedEmail } from './account.mail';
import { CLIENT_TABLES, type ClientTable, EMAIL_TABLE } from './client-data';
import { eraseClientFiles } from './client-files';
import { EXPORT_HEADINGS, EXPORT_INTRO, EXPORT_SKIPPED, emailExportRow, readableRow } from './export-labels';
import { tellMatchmakersOfDeletion } from './paid-account-deletion';

/** The address a deleted account keeps: unique, and nobody's. */
const deletedEmailFor = (id: string) => `${id}@verwijderd.invalid`;
/** What the farewell e-mail's address becomes once it has been sent (or given up). */
export const ERASED_ADDRESS = 'verwijderd@verwijderd.invalid';

async function readSettings(db: Db, user_id: string) {
  const [row] = await db.select().from(account_settings).where(eq(account_settings.user_id, user_id));
  return row ?? null;
}

function toSettings(actor: Actor, row: Awaited<ReturnType<typeof readSettings>>): AccountSettings {
  const optional = optionalEmailsFor(actor.profile.role);
  return {
    optional_emails: optional,
    email_opt_outs: (row?.email_opt_outs ?? []).filter((t) => (optional as string[]).includes(t)),
    matching_paused_at:
      actor.profile.role === 'client' && row?.matching_paused_at
        ? row.matching_paused_at.toISOString()
        : null,
  };
}

export async function getAccountSettings({ ctx, actor }: { ctx: AppContext; actor: Actor }) {
  return toSettings(actor, await readSettings(ctx.db, actor.user.id));
}

/** Saves the e-mails switched off and (clients) the pause; the required e-mails cannot be switched off. */
export async function updateAccountSettings({
  ctx,
  actor,
  input,
}: {
  ctx: AppContext;
  actor: Actor;
  input: UpdateAccountSettingsInput;
}): Promise<AccountSettings> {
  const optional: string[] = optionalEmailsFor(actor.profile.role);
  if (input.email_opt_outs?.some((t) => !optional.includes(t))) {
    throw new AppError('BAD_REQUEST', MESSAGES.emailNotOptional, [
      { path: 'email_opt_outs', message: MESSAGES.emailNotOptional },
    ]);
  }
  if (input.matching_paused !== undefined && actor.profile.role !== 'client') {
    throw new AppError('CLIENTS_ONLY', MESSAGES.clientsOnlyPause);
  }
  const now = ctx.clock.now();
  const current = await readSettings(ctx.db, actor.user.id);
  const email_opt_outs = input.email_opt_outs
    ? [...new Set(input.email_opt_outs)]
    : (current?.email_opt_outs ?? []);
  const matching_paused_at =
    input.matching_paused === undefined
      ? (current?.matching_paused_at ?? null)
      : input.matching_paused
        ? (current?.matching_paused_at ?? now)
        : null;
  const [row] = await ctx.db
    .insert(account_settings)
    .values({ user_id: actor.user.id, email_opt_outs, matching_paused_at, created_at: now, updated_at: now })
    .onConflictDoUpdate({
      target: account_settings.user_id,
      set: { email_opt_outs, matching_paused_at, updated_at: now },
    })
    .returning();
  return toSettings(actor, row ?? null);
}

/** The rows of one table that are the client's. */
function isTheClients(entry: ClientTable, id: string): SQL {
  const conditions = entry.client_columns.map((column) => sql`${sql.identifier(column)} = ${id}`);
  if (entry.via) {
    const { column, parent, parent_client_column } = entry.via;
    conditions.push(
      sql`${sql.identifier(column)} IN (SELECT id FROM ${sql.identifier(parent)} WHERE ${sql.identifier(parent_client_column)} = ${id})`,
    );
  }
  return sql.join(conditions, sql` OR `);
}

const PARTNERS = 'match_partners';

/** GET /api/me/export: every row about the client (client-data.ts), as one JSON document. */
export async function exportClientData({
  ctx,
  actor,
}: {
  ctx: AppContext;
  actor: Actor;
}): Promise<DataExport> {
  if (actor.profile.role !== 'client') throw new AppError('CLIENTS_ONLY', MESSAGES.clientsOnlyExport);
  const id = actor.user.id;
  // One statement (issue 19, decision 022): each table's rows as one JSON column, named after it.
  const queries: Record<string, SQL> = {};
  for (const entry of CLIENT_TABLES) {
    // Oldest first where the table keeps a creation time, then by id: without an order, a row
    // updated since (a message marked read) came after the rows written after it.
    queries[entry.table] = sql`SELECT * FROM ${sql.identifier(entry.table)} export_row
      WHERE ${isTheClients(entry, id)}
      ORDER BY (to_jsonb(export_row) ->> 'created_at')::timestamptz NULLS FIRST, to_jsonb(export_row) ->> 'id'`;
  }
  queries[EMAIL_TABLE] = sql`SELECT subject, text, status, created_at, sent_at
    FROM ${email_outbox} WHERE lower(${email_outbox.to_address}) = lower(${actor.user.email})
    ORDER BY created_at`;
  // Issue 30: the other person of a match, by the first name the client's match list shows, and
  // only where both said yes (accepted_at); never their id.
  queries[PARTNERS] = sql`SELECT m.id, p.full_name FROM matches m
    JOIN user_profiles p ON p.id = CASE WHEN m.client1_id = ${id} THEN m.client2_id ELSE m.client1_id END
    WHERE (m.client1_id = ${id} OR m.client2_id = ${id}) AND m.accepted_at IS NOT NULL`;
  const rowsByTable = await selectTogether<Record<string, Record<string, unknown>>>(ctx.db, queries);
  const partnerOf = new Map(
    rowsByTable[PARTNERS]!.map((row) => [row.id as string, firstName(row.full_name as string | null)]),
  );
  const parts: DataExport['onderdelen'] = {};
  for (const entry of CLIENT_TABLES) {
    const skipped = [...(entry.omit ?? []), ...(EXPORT_SKIPPED[entry.table] ?? [])];
    parts[EXPORT_HEADINGS[entry.table] ?? entry.table] = rowsByTable[entry.table]!.map((row) => {
      const copy = { ...row };
      for (const column of skipped) delete copy[column];
      for (const column of entry.own_id_only ?? []) if (copy[column] !== id) copy[column] = null;
      if (entry.table === 'matches') copy.other_first_name = partnerOf.get(row.id as string) ?? null;
      return readableRow(copy);
    });
  }
  parts[EXPORT_HEADINGS[EMAIL_TABLE]!] = rowsByTable[EMAIL_TABLE]!.map((row) =>
    emailExportRow(row as Parameters<typeof emailExportRow>[0]),
  );
  return {
    formaat: 'koppel-export-2',
    gemaakt_op: ctx.clock.now().toISOString(),
    account: id,
    uitleg: EXPORT_INTRO,
    // Timestamps as PostgreSQL writes them in JSON: ISO 8601 with their offset.
    onderdelen: parts,
  };
}

/**
 * DELETE /api/me: the client's personal data erased at once (decision 014). Rows that others
 * need (matches, payments) stay under the pseudonymous id, named 'Verwijderd account'.
 */
export async function deleteOwnAccount({
  ctx,
  actor,
  input,
}: {
  ctx: AppContext;
  actor: Actor;
  input: DeleteAccountInput;
}): Promise<void> {
  if (actor.profile.role !== 'client') throw new AppError('STAFF_CANNOT_DELETE');
  const id = actor.user.id;
  const [credential] = await ctx.db
    .select({ password: account.password })
    .from(account)
    .where(and(eq(account.userId, id), eq(account.providerId, 'credential')));
  // The password is guessed no more often here than at the login: a signed-in browser is a known
  // device, so this shares that budget (decision 008), counted before the check as there.
  const attempt = await beginLoginAttempt({
    db: ctx.db,
    keys: {
      account_key: accountLoginKey(ctx.env.AUTH_SECRET, actor.user.email),
      address_key: loginKey(ctx.env.AUTH_SECRET, 'address', 'signed-in'),
      known_device: true,
    },
    now: ctx.clock.now(),
  });
  if (!attempt.allowed) throw new AppError('TOO_MANY_REQUESTS');
  const isRightPassword =
    !!credential?.password && (await verifyPassword({ hash: credential.password, password: input.password }));
  if (!isRightPassword) {
    throw new AppError('WRONG_PASSWORD', MESSAGES.wrongPassword, [
      { path: 'password', message: MESSAGES.wrongPassword },
    ]);
  }
  await settleLoginAttempt({ db: ctx.db, id: attempt.id });

  const now = ctx.clock.now();
  const { email } = actor.user;
  const name = actor.profile.full_name;
  const openCheckouts = await ctx.db
    .select({ session_id: checkout_sessions.provider_session_id })
    .from(checkout_sessions)
    .where(and(eq(checkout_sessions.client_id, id), eq(checkout_sessions.status, 'open')));
  await ctx.transaction(async (tx) => {
    const db = tx.db;
    // Issue 29: booked intakes are cancelled and the matchmakers told, before the rows go.
    await tellMatchmakersOfDeletion(tx, ctx, id, now);
    // Open proposals with this client end; the other client sees them cancelled.
    await db
      .update(matches)
      .set({ status: 'cancelled', cancelled_at: now, updated_at: now })
      .where(and(eq(matches.status, 'proposed'), or(eq(matches.client1_id, id), eq(matches.client2_id, id))));
    for (const entry of CLIENT_TABLES) {
      const table = sql.identifier(entry.table);
      if (entry.erasure.kind === 'delete') {
        await db.execute(sql`DELETE FROM ${table} WHERE ${isTheClients(entry, id)}`);
      } else if (entry.erasure.clear?.length) {
        const sets = entry.erasure.clear.map((column) => sql`${sql.identifier(column)} = NULL`);
        await db.execute(
          sql`UPDATE ${table} SET ${sql.join(sets, sql`, `)} WHERE ${isTheClients(entry, id)}`,
        );
      }
    }
    // The name follows "user".name into user_profiles.full_name (migration 0006).
    await db
      .update(user)
      .set({
        name: DELETED_ACCOUNT_NAME,
        email: deletedEmailFor(id),
        emailVerified: false,
        image: null,
        updatedAt: now,
      })
      .where(eq(user.id, id));
    await db.delete(verification).where(or(eq(verification.value, id), eq(verification.identifier, email)));
    await forgetLoginFailures({
      db,
      account_key: accountLoginKey(ctx.env.AUTH_SECRET, email),
    });
    await db
      .insert(account_settings)
      .values({ user_id: id, email_opt_outs: [], deleted_at: now, created_at: now, updated_at: now })
      .onConflictDoUpdate({
        target: account_settings.user_id,
        set: { email_opt_outs: [], matching_paused_at: null, deleted_at: now, updated_at: now },
      });
    // E-mails to the client go; others (to staff) may quote the name or address: replaced.
    await db.delete(email_outbox).where(sql`lower(${email_outbox.to_address}) = lower(${email})`);
    await scrubText(db, [email], 'e-mailadres verwijderd');
    if (name && name !== DELETED_ACCOUNT_NAME) {
      await scrubText(db, [name, escapeHtml(name)], DELETED_ACCOUNT_NAME);
      await scrubFirstNameInMatchMails(db, id, greetingName(name));
    }
    await tx.queueMail({ to: email, ...accountDeletedEmail({ url: `${ctx.env.APP_URL}${ROUTES.privacy}` }) });
  });
  // Files and the provider are not in the transaction: they follow once the rows are gone. An
  // open checkout is closed so nothing can be paid for an account that no longer exists.
  for (const { session_id } of openCheckouts) {
    if (session_id.startsWith('creating_')) continue;
    try {
      await ctx.payments.expireSession(session_id);
    } catch (error) {
      ctx.logger.warn(
        { provider: ctx.payments.name, error: error instanceof Error ? error.name : 'unknown' },
        'could not close a deleted account’s checkout session',
      );
    }
  }
  await eraseClientFiles({ ctx, client_id: id });
}

/** Free texts that may quote a client's name or address: e-mails and staff notes. */
const SCRUBBED_TEXTS = [
  ['email_outbox', ['subject', 'html', 'text']],
  ['matches', ['note', 'override_reason']],
  ['match_follow_up', ['notes']],
  ['intake_sessions', ['matchmaker_notes']],
  ['client_traits', ['evidence']],
] as const;

async function scrubText(db: Db, needles: string[], replacement: string) {
  for (const needle of new Set(needles)) {
    if (needle.trim().length < 3) continue;
    for (const [table, columns] of SCRUBBED_TEXTS) {
      const sets = columns.map(
        (c) => sql`${sql.identifier(c)} = replace(${sql.identifier(c)}, ${needle}, ${replacement})`,
      );
      const hits = columns.map((c) => sql`strpos(${sql.identifier(c)}, ${needle}) > 0`);
      await db.execute(
        sql`UPDATE ${sql.identifier(table)} SET ${sql.join(sets, sql`, `)} WHERE ${sql.join(hits, sql` OR `)}`,
      );
    }
  }
}

/**
 * The other client of a match was told the client's first name ('ook Emma wil graag
 * kennismaken'): in the e-mails about the client's matches (their dedupe key names the match) the
 * first name, as a whole word, is replaced too. Elsewhere a first name alone is not the client's.
 */
async function scrubFirstNameInMatchMails(db: Db, clientId: string, firstName: string) {
  if (firstName.trim().length < 2) return;
  const word = `\\m${firstName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\M`;
  const columns = (['subject', 'html', 'text'] as const).map(
    (c) =>
      sql`${sql.identifier(c)} = regexp_replace(${sql.identifier(c)}, ${word}, ${DELETED_ACCOUNT_NAME}, 'g')`,
  );
  await db.execute(sql`
    UPDATE ${email_outbox} SET ${sql.join(columns, sql`, `)}
     WHERE dedupe_key LIKE 'match-%'
       AND split_part(dedupe_key, ':', 2) IN (
         SELECT id::text FROM ${matches} WHERE client1_id = ${clientId} OR client2_id = ${clientId})`);
}

/**
 * The farewell e-mail holds the address until it is sent; then (or once it gave up) the address
 * goes too (decision 014). Run by the `erase-farewell-addresses` job.
 */
export async function eraseFarewellAddresses({ ctx }: { ctx: AppContext }) {
  const erased = await ctx.db
    .update(email_outbox)
    .set({ to_address: ERASED_ADDRESS })
    .where(
      and(
        eq(email_outbox.template, ACCOUNT_DELETED_TEMPLATE),
        inArray(email_outbox.status, ['sent', 'failed']),
        sql`${email_outbox.to_address} <> ${ERASED_ADDRESS}`,
      ),
    )
    .returning({ id: email_outbox.id });
  return { erased: erased.length };
}
