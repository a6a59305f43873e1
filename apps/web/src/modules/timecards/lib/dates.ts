import type { IsoDate, PayPeriod } from '@groundwork/core/pay-periods';
import { dateFormat } from '../../../lib/intl';

// Pay-period dates are calendar dates: format them in UTC so no time zone moves them a day.
const utc = (date: IsoDate) => new Date(`${date}T00:00:00Z`);

export const formatDayShort = (date: IsoDate, language: string) =>
  dateFormat(language, { weekday: 'short', day: 'numeric', timeZone: 'UTC' }).format(utc(date));

export const formatDayLong = (date: IsoDate, language: string) =>
  dateFormat(language, { weekday: 'long', month: 'short', day: 'numeric', timeZone: 'UTC' }).format(utc(date));

export const formatPeriod = (period: PayPeriod, language: string) =>
  dateFormat(language, { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' }).formatRange(
    utc(period.start),
    utc(period.end),
  );

export const isWeekend = (date: IsoDate) => [0, 6].includes(utc(date).getUTCDay());
