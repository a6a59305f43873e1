import { sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../db/with-tenant.js';
import { namesOf } from '../modules/chatbot/chatbot.names.js';
import { loadBoard, loadForemanBoard } from '../modules/scheduling/scheduling.service.js';
import { createMember, createTenant, type TestMember } from '../testing/factories.js';
import { useTestApp } from '../testing/test-app.js';
import { readsTogether } from './reads-together.js';

// Reads an answer needs together leave at once on the read path's pipelined connection, and one after another in a
// transaction on an ordinary connection, where pg queues them and warns that pg 9 will refuse them.
const t = useTestApp();
let admin: TestMember;
const warnings: Error[] = [];
const onWarning = (w: Error) => warnings.push(w);

beforeAll(async () => {
  admin = await createMember(t.database.db, await createTenant(t.database.db, 'Together'), { isAdmin: true });
  process.on('warning', onWarning);
  return () => process.off('warning', onWarning);
});
afterEach(() => {
  warnings.length = 0;
});

/** Two reads whose first takes a while, recording when each is sent and when the first is answered. */
function twoReads(tx: Parameters<typeof readsTogether>[0], steps: string[]) {
  return readsTogether(
    tx,
    () => {
      steps.push('first sent');
      return tx.execute(sql`select pg_sleep(0.05), 1 as n`).then((r) => {
        steps.push('first answered');
        return (r as unknown as { rows: { n: number }[] }).rows[0].n;
      });
    },
    () => {
      steps.push('second sent');
      return tx.execute(sql`select 2 as n`).then((r) => (r as unknown as { rows: { n: number }[] }).rows[0].n);
    },
  );
}

describe('reads together', () => {
  it('in a write transaction: one after another, in order, and pg warns of nothing (the board and the chatbot’s names too)', async () => {
    const steps: string[] = [];
    const result = await withTenant(t.database.db, admin.tenantUuid, async (tx) => {
      const both = await twoReads(tx, steps);
      await loadBoard(tx, admin.tenantUuid, '2026-11-02', '2026-11-29');
      await loadForemanBoard(tx, admin.tenantUuid, admin.employeeId, '2026-11-02', '2026-11-29');
      await namesOf(tx, admin.tenantUuid);
      return both;
    });
    expect(result).toEqual([1, 2]);
    expect(steps).toEqual(['first sent', 'first answered', 'second sent']);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(warnings.map((w) => w.message)).toEqual([]);
  });

  it('on the read path: both sent before the first is answered, the answers in order', async ({ skip }) => {
    // PGlite has no read pool: its reads run in the walled transaction.
    if (t.database.kind !== 'postgres') skip();
    const steps: string[] = [];
    const result = await t.app.tenantGate.run(admin.identity, admin.tenantUuid, (tx) => twoReads(tx, steps), true);
    expect(result).toEqual([1, 2]);
    expect(steps).toEqual(['first sent', 'second sent', 'first answered']);
  });
});
