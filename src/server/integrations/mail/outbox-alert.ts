import { eq } from 'drizzle-orm';
import { formatDateTime } from '../../../shared/format';
import type { Db } from '../../db/client';
import { user, user_profiles } from '../../db/schema';
import { type EmailContent, email, greetingName } from './layout';
import type { Outbox } from './outbox';

export const OUTBOX_FAILED_TEMPLATE = 'outbox-failed';

/**
 * Tells an admin that a message gave up. Only the template, the recipient's domain, the times and
 * the message id: the address, subject, body and links of the failed message (a reset link is a
 * password) stay out of it.
 */
export function outboxFailedEmail({
  name,
  id,
  template,
  recipientDomain,
  firstFailedAt,
  failedAt,
}: {
  name: string;
  id: string;
  template: string;
  recipientDomain: string;
  firstFailedAt: Date;
  failedAt: Date;
}): EmailContent {
  return email(OUTBOX_FAILED_TEMPLATE, 'Een e-mail van Koppel kon niet worden verstuurd', [
    `Dag ${name},`,
    `Koppel probeert sinds ${formatDateTime(firstFailedAt)} een e-mail te versturen, maar de mailserver aanvaardt ze niet. Op ${formatDateTime(failedAt)} hebben we het opgegeven.`,
    `Sjabloon: ${template}. Ontvanger: een adres bij ${recipientDomain}. Berichtnummer: ${id}.`,
    'Los het probleem met de mailserver op en verstuur het bericht daarna opnieuw: in het beheer onder E-mails (/admin/e-mails). De inhoud staat nog in de wachtrij.',
  ]);
}

const domainOf = (address: string) => address.slice(address.lastIndexOf('@') + 1).toLowerCase();

/**
 * Queues one alert per admin about a message that gave up, in the caller's transaction (the one
 * that marks it failed). An alert that itself gives up gets no alert, so alerts never recurse;
 * the key (message and failure) queues each admin's alert once.
 */
export async function queueFailureAlerts({
  db,
  outbox,
  message,
  now,
}: {
  db: Db;
  outbox: Outbox;
  message: { id: string; to_address: string; template: string; first_failed_at: Date };
  now: Date;
}): Promise<(string | null)[]> {
  if (message.template === OUTBOX_FAILED_TEMPLATE) return [];
  const admins = await db
    .select({ id: user.id, email: user.email, full_name: user_profiles.full_name })
    .from(user_profiles)
    .innerJoin(user, eq(user.id, user_profiles.id))
    .where(eq(user_profiles.role, 'admin'));
  const ids: (string | null)[] = [];
  for (const admin of admins) {
    ids.push(
      await outbox.queue(
        {
          to: admin.email,
          dedupe_key: `outbox-failed:${message.id}:${message.first_failed_at.toISOString()}:${admin.id}`,
          ...outboxFailedEmail({
            name: greetingName(admin.full_name),
            id: message.id,
            template: message.template,
            recipientDomain: domainOf(message.to_address),
            firstFailedAt: message.first_failed_at,
            failedAt: now,
          }),
        },
        { db },
      ),
    );
  }
  return ids;
}
