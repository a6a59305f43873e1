import { type EarlyRead, graphqlRead, TIMECARD_CARD_FIELDS, TIMECARD_ENTRY_FIELDS, TIMECARD_INFO } from './early-reads';
import { type PayPeriodType, payPeriodFor } from './pay-periods';

/** What the time card's settings read answers, as far as the card's period needs it. */
export type TimecardSettingsAnswer = {
  data?: { getTimecardInfo?: { settings?: { pay_period_type: number; pay_period_anchor: string; today: string } | null } | null } | null;
};

/**
 * The time card's card read (/modules/timecards), once its settings are in: the caller's own card (none when an admin
 * opens another person's with `employee`) for the period of `period` (a date in it) or of the company's today. Null
 * where there is none to ask. Its own module: the pay-period code is not part of every page's first script.
 */
export function timecardCardRead(tenant: string, search: URLSearchParams, settings: TimecardSettingsAnswer): EarlyRead | null {
  if (search.has('employee')) return null;
  const found = settings.data?.getTimecardInfo?.settings;
  if (!found) return null;
  const periodOf = (date: string) => payPeriodFor(date, found.pay_period_type as PayPeriodType, found.pay_period_anchor);
  const requested = search.get('period')?.replaceAll('"', '');
  let period: { start: string; end: string };
  try {
    period = periodOf(requested ?? found.today);
  } catch {
    period = periodOf(found.today);
  }
  return graphqlRead(TIMECARD_INFO + TIMECARD_CARD_FIELDS + TIMECARD_ENTRY_FIELDS, 'TimecardInfo', {
    tenant_uuid: tenant,
    employee_id: null,
    start_date: period.start,
    end_date: period.end,
  });
}
