import { SCHEDULE_MESSAGES, scheduleOutcome } from '@groundwork/core/scheduling';
import type { TFunction } from 'i18next';
import { dateFormat } from '../../../lib/intl';
import type { ScheduleResult } from '../api/scheduling';

/** A date as the board shows it: 'Thu 11/26' in the reader's language (dates are whole UTC days). */
export function dayLabel(date: string, language: string, long = false): string {
  return dateFormat(language, {
    weekday: long ? 'long' : 'short',
    month: long ? 'long' : 'numeric',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${date}T00:00:00Z`));
}

/** A server failure message in the reader's language (the server speaks the spec's English). */
export function failureText(message: string, t: TFunction<'scheduling'>): string {
  if (message === SCHEDULE_MESSAGES.doubleBooked) return t('failures.doubleBooked');
  if (message === SCHEDULE_MESSAGES.unknownJob) return t('failures.unknownJob');
  if (message === SCHEDULE_MESSAGES.unknownPerson) return t('failures.unknownPerson');
  if (message === SCHEDULE_MESSAGES.unknownEntry) return t('failures.unknownEntry');
  const blocked = /^Not available that day: (.+)\.$/.exec(message);
  if (blocked) return t('failures.blocked', { type: blocked[1] });
  const known = [
    'Missing jobs_id in entry',
    'Missing employees_id in entry',
    'Missing date in entry',
    'Missing id field in update entry',
  ] as const;
  const hit = known.find((k) => k === message);
  return hit ? t(`failures.${hit}`) : message;
}

/**
 * What the snackbar says after a save (spec §8), from the counts of one or two calls (the second books the
 * double bookings the planner confirmed).
 */
export function outcomeMessage(
  result: Pick<ScheduleResult, 'failed'> & { added: number; removed: number },
  t: TFunction<'scheduling'>,
): { color: 'success' | 'info' | 'warning' | 'error'; message: string } {
  const outcome = scheduleOutcome({ added: result.added, removed: result.removed, failed: result.failed });
  const color = outcome.severity;
  if (color === 'success') return { color, message: t('messages.updated', { added: result.added, removed: result.removed }) };
  if (color === 'info') return { color, message: t('messages.noChange') };
  if (color === 'error') return { color, message: t('messages.failed') };
  const errors = result.failed.map((f) => (f.label ? `${f.label}: ${failureText(f.message, t)}` : failureText(f.message, t))).join('; ');
  return { color, message: t('messages.partial', { errors, interpolation: { escapeValue: false } }) };
}
