import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { toBrusselsDayValue } from '../../../shared/date-time';
import { formatDateTime } from '../../../shared/format';
import { MESSAGES } from '../../../shared/messages';
import { ROUTES } from '../../../shared/routes';
import {
  type PurchasePromises,
  STAFF_TASK_LABELS,
  type StaffTask,
  type StaffTaskKind,
  type StaffTasksResponse,
} from '../../../shared/tasks';
import { isWithinWorkingHours } from '../../../shared/working-hours';
import type { Actor, AppContext } from '../../context';
import {
  checkout_sessions,
  matchmaker_profiles,
  payments,
  staff_tasks,
  user,
  user_profiles,
} from '../../db/schema';
import { greetingName } from '../../integrations/mail/layout';
import { AppError } from '../../lib/errors';
import { taskAssignedEmail } from './tasks.mail';

const client = alias(user_profiles, 'task_client');
const assignee = alias(user_profiles, 'task_assignee');

const taskColumns = {
  id: staff_tasks.id,
  kind: staff_tasks.kind,
  client_id: staff_tasks.client_id,
  client_name: client.full_name,
  tier: staff_tasks.tier,
  assignee_id: staff_tasks.assignee_id,
  assignee_name: assignee.full_name,
  due_at: staff_tasks.due_at,
  created_at: staff_tasks.created_at,
  done_at: staff_tasks.done_at,
};

type TaskRow = {
  id: string;
  kind: StaffTaskKind;
  client_id: string;
  client_name: string | null;
  tier: string;
  assignee_id: string | null;
  assignee_name: string | null;
  due_at: Date;
  created_at: Date;
  done_at: Date | null;
};

const toTask = (row: TaskRow, now: Date): StaffTask => ({
  ...row,
  label: STAFF_TASK_LABELS[row.kind],
  due_at: row.due_at.toISOString(),
  created_at: row.created_at.toISOString(),
  done_at: row.done_at?.toISOString() ?? null,
  is_overdue: !row.done_at && row.due_at <= now,
});

/**
 * GET /api/tasks: the open tasks, soonest due first. A matchmaker sees the ones assigned to them;
 * an admin sees every open task, those in the queue (no assignee) first.
 */
export async function listOpenTasks({
  ctx,
  actor,
}: {
  ctx: AppContext;
  actor: Actor;
}): Promise<StaffTasksResponse> {
  const now = ctx.clock.now();
  const isAdmin = actor.profile.role === 'admin';
  const rows = await ctx.db
    .select(taskColumns)
    .from(staff_tasks)
    .innerJoin(client, eq(client.id, staff_tasks.client_id))
    .leftJoin(assignee, eq(assignee.id, staff_tasks.assignee_id))
    .where(and(isNull(staff_tasks.done_at), isAdmin ? undefined : eq(staff_tasks.assignee_id, actor.user.id)))
    .orderBy(...(isAdmin ? [sql`${staff_tasks.assignee_id} IS NOT NULL`] : []), asc(staff_tasks.due_at))
    .limit(200);
  const tasks = rows.map((row) => toTask(row, now));
  return { tasks, overdue: tasks.filter((t) => t.is_overdue).length, now: now.toISOString() };
}

/**
 * An open task the actor may act on, locked: a matchmaker's own, any for an admin. Another's task
 * is not found (a matchmaker does not learn that it exists).
 */
async function lockTaskFor(tx: AppContext['db'], actor: Actor, id: string) {
  const [task] = await tx.select().from(staff_tasks).where(eq(staff_tasks.id, id)).for('update');
  if (!task || (actor.profile.role !== 'admin' && task.assignee_id !== actor.user.id)) {
    throw new AppError('TASK_NOT_FOUND');
  }
  if (task.done_at) throw new AppError('TASK_ALREADY_DONE');
  return task;
}

async function readTask(db: AppContext['db'], id: string, now: Date): Promise<StaffTask> {
  const [row] = await db
    .select(taskColumns)
    .from(staff_tasks)
    .innerJoin(client, eq(client.id, staff_tasks.client_id))
    .leftJoin(assignee, eq(assignee.id, staff_tasks.assignee_id))
    .where(eq(staff_tasks.id, id));
  if (!row) throw new AppError('TASK_NOT_FOUND');
  return toTask(row, now);
}

/** POST /api/tasks/{id}/done: the assignee, or an admin, marks an open task done. */
export async function completeTask({ ctx, actor, id }: { ctx: AppContext; actor: Actor; id: string }) {
  const now = ctx.clock.now();
  return ctx.transaction(async (tx) => {
    await lockTaskFor(tx.db, actor, id);
    await tx.db
      .update(staff_tasks)
      .set({ done_at: now, done_by: actor.user.id })
      .where(eq(staff_tasks.id, id));
    return readTask(tx.db, id, now);
  });
}

/**
 * PUT /api/tasks/{id}/assignee: an admin hands an open task (from the queue, or from another
 * matchmaker) to an active matchmaker, who is mailed in the same transaction.
 */
export async function assignTask({
  ctx,
  actor,
  id,
  assignee_id,
}: {
  ctx: AppContext;
  actor: Actor;
  id: string;
  assignee_id: string;
}) {
  if (actor.profile.role !== 'admin') throw new AppError('UNAUTHORIZED');
  const now = ctx.clock.now();
  return ctx.transaction(async (tx) => {
    const task = await lockTaskFor(tx.db, actor, id);
    const [chosen] = await tx.db
      .select({
        full_name: user_profiles.full_name,
        email: user.email,
        is_active: matchmaker_profiles.is_active,
      })
      .from(matchmaker_profiles)
      .innerJoin(user_profiles, eq(user_profiles.id, matchmaker_profiles.id))
      .innerJoin(user, eq(user.id, matchmaker_profiles.id))
      .where(eq(matchmaker_profiles.id, assignee_id));
    if (!chosen) throw new AppError('MATCHMAKER_NOT_FOUND');
    if (!chosen.is_active) throw new AppError('MATCHMAKER_INACTIVE', MESSAGES.adminMatchmakerInactive);
    if (task.assignee_id !== assignee_id) {
      await tx.db.update(staff_tasks).set({ assignee_id }).where(eq(staff_tasks.id, id));
      await tx.queueMail({
        to: chosen.email,
        dedupe_key: `task-assigned:${id}:${assignee_id}`,
        ...taskAssignedEmail({
          name: greetingName(chosen.full_name),
          task: STAFF_TASK_LABELS[task.kind],
          due: formatDateTime(task.due_at),
          url: `${ctx.env.APP_URL}${ROUTES.matchmaker}`,
        }),
      });
    }
    return readTask(tx.db, id, now);
  });
}

const dayFormat = new Intl.DateTimeFormat('nl-NL', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  timeZone: 'Europe/Brussels',
});
const timeFormat = new Intl.DateTimeFormat('nl-NL', {
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/Brussels',
});

/** "vandaag", "morgen" or "maandag 30 november", as the client reads the due day. */
function dueDay(due: Date, paid: Date): string {
  const day = toBrusselsDayValue(due);
  if (day === toBrusselsDayValue(paid)) return 'vandaag';
  if (day === toBrusselsDayValue(new Date(paid.getTime() + 86_400_000))) return 'morgen';
  return dayFormat.format(due);
}

/** The sentence a task promises, with its real due day (decision 032). */
function promiseText(kind: StaffTaskKind, due: Date, paid: Date, matchmaker: string | null): string {
  const when = `${dueDay(due, paid)} om ${timeFormat.format(due)}`;
  switch (kind) {
    case 'call_same_day':
      // "Vandaag nog" only when the purchase fell in working hours and the call is today.
      return isWithinWorkingHours(paid) && dueDay(due, paid) === 'vandaag'
        ? 'We bellen je vandaag nog, vóór 17:00.'
        : `We bellen je ${dueDay(due, paid)} tussen 9:00 en 17:00.`;
    case 'matchmaker_contact':
      return matchmaker
        ? `${matchmaker}, je matchmaker, neemt uiterlijk ${when} contact met je op.`
        : `Een matchmaker van Koppel neemt uiterlijk ${when} contact met je op.`;
    case 'intake_invitation':
      return `Je krijgt uiterlijk ${when} een persoonlijke uitnodiging voor je intakegesprek.`;
    case 'welcome_mail':
      return `Je ontvangt uiterlijk ${when} een welkomstmail.`;
  }
}

/**
 * GET /api/me/purchase-promises: what /success may promise for the client's own purchase, made
 * from the tasks it created. Before the payment is fulfilled nothing is promised; the matchmaker
 * is named only when one is assigned.
 */
export async function purchasePromises({
  ctx,
  actor,
  sessionId,
}: {
  ctx: AppContext;
  actor: Actor;
  sessionId: string;
}): Promise<PurchasePromises> {
  const [checkout] = await ctx.db
    .select({ id: checkout_sessions.id })
    .from(checkout_sessions)
    .where(
      and(
        eq(checkout_sessions.provider_session_id, sessionId),
        eq(checkout_sessions.client_id, actor.user.id),
      ),
    );
  if (!checkout) throw new AppError('NOT_FOUND', MESSAGES.purchaseNotFound);
  const rows = await ctx.db
    .select({
      kind: staff_tasks.kind,
      due_at: staff_tasks.due_at,
      paid_at: payments.paid_at,
      matchmaker_name: assignee.full_name,
      matchmaker_is_active: matchmaker_profiles.is_active,
    })
    .from(payments)
    .innerJoin(staff_tasks, eq(staff_tasks.payment_id, payments.id))
    .leftJoin(user_profiles, eq(user_profiles.id, payments.client_id))
    .leftJoin(assignee, eq(assignee.id, user_profiles.assigned_matchmaker_id))
    .leftJoin(matchmaker_profiles, eq(matchmaker_profiles.id, user_profiles.assigned_matchmaker_id))
    .where(and(eq(payments.provider_session_id, sessionId), eq(payments.client_id, actor.user.id)))
    .orderBy(asc(staff_tasks.due_at));
  const matchmaker = rows[0]?.matchmaker_is_active ? (rows[0].matchmaker_name ?? null) : null;
  const [paid] = await ctx.db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.provider_session_id, sessionId), eq(payments.client_id, actor.user.id)));
  return {
    fulfilled: Boolean(paid),
    matchmaker_name: matchmaker,
    promises: rows.map((row) => ({
      kind: row.kind,
      due_at: row.due_at.toISOString(),
      text: promiseText(row.kind, row.due_at, row.paid_at, matchmaker),
    })),
  };
}
