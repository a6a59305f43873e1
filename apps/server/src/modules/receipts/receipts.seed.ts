import { addDays, isoDay } from '@groundwork/core/pay-periods';
import type { PaymentMethod } from '@groundwork/core/receipts';
import type { Tx } from '../../db/client.js';
import { receiptSplits, receipts } from './receipts.table.js';

/**
 * A dozen receipts of the last weeks in the demo company, by the foremen, the crew and the office: fuel,
 * lumber, rentals, a lunch; two archived; one split across two jobs. No photos (a lost paper receipt is
 * logged the same way). `people` and `codes` are in the demo's order (costcodes: 01-100, 02-200, 03-300,
 * 04-200, 05-100, 06-100, …).
 */
export async function seedDemoReceipts(
  tx: Tx,
  tenant_uuid: string,
  people: number[],
  jobs: number[],
  codes: number[],
  today = isoDay(new Date()),
): Promise<void> {
  // [days ago, person index, job index, cost code index, vendor, total cents, tax cents, method, notes, archived]
  const rows: [number, number, number | null, number | null, string, number, number | null, PaymentMethod, string | null, boolean][] = [
    [1, 3, 0, 2, 'Home Depot', 18_743, 1_388, 'company_card', 'Form ties and snap ties for the east wall pour', false],
    [2, 5, 0, 5, 'Lowe’s', 6_412, 475, 'card', '2x4 studs, short by a bundle', false],
    [3, 4, 1, 1, 'Shell', 9_860, null, 'company_card', 'Skid steer fuel', false],
    [4, 6, 1, 0, 'Subway', 4_235, 314, 'cash', 'Crew lunch, Saturday pour', false],
    [6, 7, 0, 2, 'Sunbelt Rentals', 32_500, 2_405, 'check', 'Power trowel, two days', false],
    [8, 3, 2, 0, 'Ace Hardware', 2_799, 207, 'card', 'Padlocks for the gang box', false],
    [10, 2, null, 0, 'Staples', 5_618, 416, 'company_card', 'Printer toner and plan binders', false],
    [12, 4, 1, 1, 'Grainger', 14_230, 1_053, 'company_card', 'Silt fence and stakes', false],
    [15, 5, 2, 5, 'Home Depot', 11_064, 819, 'card', null, false],
    [19, 6, 0, 0, 'Chevron', 7_150, null, 'cash', 'Generator fuel', false],
    [26, 7, 1, 2, 'Lowe’s', 3_380, 250, 'card', 'Duplicate of an earlier receipt', true],
    [33, 3, 2, 0, 'Safety Supply Co.', 9_995, 740, 'other', 'Hard hats and vests for new hires', true],
  ];
  const at = (i: number | null, list: number[]) => (i === null ? null : (list[i] ?? null));
  const inserted = await tx
    .insert(receipts)
    .values(
      rows
        .filter(([, person]) => people[person] != null)
        .map(([ago, person, job, code, vendor, amount_cents, tax_cents, payment_method, notes, archived]) => ({
          tenant_uuid,
          receipt_date: addDays(today, -ago),
          employees_id: people[person],
          created_by: people[person],
          jobs_id: at(job, jobs),
          costcodes_id: at(code, codes),
          vendor,
          amount_cents,
          tax_cents,
          payment_method,
          notes,
          status: archived ? 0 : 1,
        })),
    )
    .returning({ id: receipts.id, amount_cents: receipts.amount_cents });
  // The power-trowel rental served two jobs: split across both, with its concrete cost code on each.
  const rental = inserted[4];
  if (rental && jobs.length >= 2) {
    await tx.insert(receiptSplits).values([
      { tenant_uuid, receipts_id: rental.id, jobs_id: jobs[0], costcodes_id: at(2, codes), amount_cents: 20_000 },
      { tenant_uuid, receipts_id: rental.id, jobs_id: jobs[1], costcodes_id: at(2, codes), amount_cents: rental.amount_cents - 20_000 },
    ]);
  }
}
