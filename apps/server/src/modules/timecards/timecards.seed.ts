import { addDays, datesOf, isoDay, PAY_PERIOD_TYPES, payPeriodFor, TIMECARD_SETTINGS } from '@groundwork/core/pay-periods';
import type { Tx } from '../../db/client.js';
import { tenantSettings } from '../settings/settings.table.js';
import { timecardEntries, usersTimecard } from './timecards.table.js';

/** Pay periods start on this Monday, every two weeks. */
export const DEMO_PAY_PERIOD_ANCHOR = '2026-01-05';

/** Time-card settings of a typical company, and the current pay period's time for a small crew. */
export async function seedDemoTimecards(
  tx: Tx,
  tenant_uuid: string,
  crew: number[],
  jobs: number[],
  codes: number[],
  today = isoDay(new Date()),
): Promise<void> {
  const on = (id: number, pass_through_value: string | null = null, custom_value = 'true') => ({
    tenant_uuid,
    codx_tenant_options_values_id: id,
    custom_value,
    pass_through_value,
  });
  await tx
    .insert(tenantSettings)
    .values([
      on(TIMECARD_SETTINGS.payPeriodType, String(PAY_PERIOD_TYPES.biweekly)),
      on(TIMECARD_SETTINGS.payPeriodStart, null, DEMO_PAY_PERIOD_ANCHOR),
      on(TIMECARD_SETTINGS.sameDayUntilEndOfDay),
      on(TIMECARD_SETTINGS.payPeriodEndUntilEndOfDay),
      on(TIMECARD_SETTINGS.snackbar),
      on(TIMECARD_SETTINGS.minuteIncrements[0], '15'),
    ]);
  const period = payPeriodFor(today, PAY_PERIOD_TYPES.biweekly, DEMO_PAY_PERIOD_ANCHOR);
  const workdays = datesOf(period).filter((d) => d < today && ![0, 6].includes(new Date(`${d}T00:00:00Z`).getUTCDay()));
  for (const [i, employees_id] of crew.entries()) {
    const [card] = await tx
      .insert(usersTimecard)
      .values({ tenant_uuid, employees_id, payperiod_start_date: period.start, payperiod_end_date: period.end })
      .returning({ id: usersTimecard.id });
    const days = workdays.length ? workdays : [addDays(period.start, 0)];
    await tx.insert(timecardEntries).values(
      days.flatMap((timecard_date, d) => [
        {
          tenant_uuid,
          users_timecard_id: card.id,
          employees_id,
          timecard_date,
          jobs_id: jobs[i % jobs.length],
          costcodes_id: codes[(i + d) % codes.length],
          hours: 6,
        },
        {
          tenant_uuid,
          users_timecard_id: card.id,
          employees_id,
          timecard_date,
          jobs_id: jobs[(i + 1) % jobs.length],
          costcodes_id: codes[0],
          hours: 2.5,
        },
      ]),
    );
  }
}
