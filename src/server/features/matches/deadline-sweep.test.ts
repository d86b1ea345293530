import { inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type CreatedUser, createClient, createMatch, createMatchmaker } from '../../db/factories';
import { account_settings, email_outbox } from '../../db/schema';
import { countStatements } from '../../test/count-statements';
import { createTestApp } from '../../test/test-app';
import { sweepMatchDeadlines } from './match-deadlines.service';

/**
 * Issue 11, point 6: the deadline sweep's SQL does not grow with the number of matches or
 * e-mails. Statements are counted at the driver; the sweep runs on a fresh database with `n`
 * proposals past their deadline and `n` due within a day that neither client answered, one of
 * whose clients switched reminders off.
 */
const DAY = 86_400_000;

async function sweepWith(n: number) {
  const t = await createTestApp();
  try {
    const now = t.clock.now();
    const matchmaker = await createMatchmaker(t.db, { full_name: 'Mira Termijn' });
    const clients: CreatedUser[] = [];
    for (let i = 0; i < 4 * n; i++) {
      clients.push(await createClient(t.db, { contract_status: 'active_for_matching' }));
    }
    const expired: string[] = [];
    for (let i = 0; i < n; i++) {
      const [a, b, c, d] = clients.slice(4 * i, 4 * i + 4) as [
        CreatedUser,
        CreatedUser,
        CreatedUser,
        CreatedUser,
      ];
      const common = { matchmaker_id: matchmaker.id, now };
      expired.push(
        (
          await createMatch(t.db, {
            ...common,
            clientA: a.id,
            clientB: b.id,
            proposed_at: new Date(now.getTime() - 7 * DAY - 60_000),
          })
        ).id,
      );
      await createMatch(t.db, {
        ...common,
        clientA: c.id,
        clientB: d.id,
        proposed_at: new Date(now.getTime() - 6.5 * DAY),
      });
    }
    const optedOut = clients[2]!;
    await t.db.insert(account_settings).values({ user_id: optedOut.id, email_opt_outs: ['match-reminder'] });

    const handOffs: string[][] = [];
    t.outbox.setDelivery(async (ids) => {
      handOffs.push([...ids]);
    });
    const count = countStatements(t.db);
    const { result, statements } = await count(() => sweepMatchDeadlines({ ctx: t.ctx, now }));
    const mails = await t.db
      .select()
      .from(email_outbox)
      .where(inArray(email_outbox.template, ['match-expired', 'match-reminder']));
    return { result, statements, mails, handOffs, matchmaker, clients, optedOut, expired };
  } finally {
    await t.close();
  }
}

describe('the deadline sweep (match-deadlines)', () => {
  it('sends the same number of statements with 1 and with 10 due matches, and hands every e-mail to delivery at once', async () => {
    const one = await sweepWith(1);
    const ten = await sweepWith(10);

    for (const [run, n] of [
      [one, 1],
      [ten, 10],
    ] as const) {
      expect(run.result).toEqual({ cancelled: n, reminded: 2 * n });
      const expiredMails = run.mails.filter((m) => m.template === 'match-expired');
      expect(expiredMails.map((m) => m.to_address)).toEqual(Array(n).fill(run.matchmaker.email));
      expect(expiredMails.map((m) => m.dedupe_key).sort()).toEqual(
        run.expired.map((id) => `match-expired:${id}`).sort(),
      );
      // Every client of a proposal due within a day, but the one who switched reminders off.
      const reminded = run.mails.filter((m) => m.template === 'match-reminder').map((m) => m.to_address);
      const expected = run.clients.filter((_, i) => i % 4 >= 2 && run.clients[i] !== run.optedOut);
      expect(reminded.sort()).toEqual(expected.map((c) => c.email).sort());
      expect(reminded).not.toContain(run.optedOut.email);
      // One hand-off after the commit, with every message stored.
      expect(run.handOffs).toHaveLength(1);
      expect(run.handOffs[0]!.sort()).toEqual(run.mails.map((m) => m.id).sort());
    }
    expect(ten.mails).toHaveLength(29);

    // The cancelling UPDATE, the reminders' SELECT, the people, the opt-outs and the e-mails'
    // INSERT; on node-postgres also BEGIN and COMMIT.
    expect(one.statements).toBe(process.env.KOPPEL_TEST_DB === 'pg' ? 7 : 5);
    expect(ten.statements).toBe(one.statements);
  }, 60_000);
});
