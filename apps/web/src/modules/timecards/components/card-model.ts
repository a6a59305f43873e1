import { costcodeLabel, jobLabel } from '@groundwork/core/names';
import type { IsoDate, PayPeriod } from '@groundwork/core/pay-periods';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useOutboxOwner } from '../../../auth/session';
import { offerMoodCheckIn } from '../../../lib/mood-offer';
import type { OutboxItem } from '../../../lib/outbox/outbox';
import { useSnackbar } from '../../../shell/snackbar';
import { cardQueries } from '../api/keys';
import { type DayEntryLine, saveDay, saveDayMutation } from '../api/mutations';
import type { BudgetCostcode, TimecardEntry, TimecardInfo, TimecardJob } from '../api/queries';
import { formatDayLong } from '../lib/dates';
import { refusalMessage } from '../lib/messages';

/**
 * The outbox's sending code (and its IndexedDB library) is not on the card's first screen (issue 28): it is fetched
 * with the dialogs once the card is shown and the phone is idle (timecards-view.tsx), or at the first save.
 */
export const loadOutboxSend = () => import('../../../lib/outbox/send');

/** What the grid, the day list and the dialogs need to show and change one person's card. */
export interface CardModel {
  tenant: string;
  /** The query key the card was read under, for optimistic updates. */
  cardKey: readonly unknown[];
  period: PayPeriod;
  dates: IsoDate[];
  /** The server's today, which decides the current pay period. */
  today: IsoDate;
  employeeId: number;
  /** The signed-in person's own card (not someone else's opened by an admin or foreman). */
  own?: boolean;
  entries: TimecardEntry[];
  /** False for a signed card, or someone else's card for anyone but an admin. */
  editable: boolean;
  increment: number;
  /** Jobs a new line may book to. */
  jobs: TimecardJob[];
  /** Cost codes budgeted and on, per job. */
  codesByJob: Map<number, BudgetCostcode[]>;
  /** The jobs the card holder is scheduled to work, by day (crew scheduling): entry offers them first. */
  scheduled?: ReadonlyMap<IsoDate, readonly number[]>;
  jobName: (id: number) => string;
  codeName: (id: number) => string;
}

export function makeLabels(
  jobs: readonly { id: number; job: string; job_abbr?: string | null }[],
  codes: readonly { id: number; costcode: string; description?: string | null }[],
) {
  const jobMap = new Map(jobs.map((j) => [j.id, jobLabel(j)]));
  const codeMap = new Map(codes.map((c) => [c.id, costcodeLabel(c)]));
  return {
    jobName: (id: number) => jobMap.get(id) ?? `#${id}`,
    codeName: (id: number) => codeMap.get(id) ?? `#${id}`,
  };
}

/** The lines a day keeps when it is saved again: every entry of that date as the server has it. */
export const dayLines = (entries: readonly TimecardEntry[], date: IsoDate): DayEntryLine[] =>
  entries
    .filter((e) => e.timecard_date === date)
    .map((e) => ({
      jobs_id: e.jobs_id,
      costcodes_id: e.costcodes_id,
      hours: e.hours,
      equipment: Array.isArray(e.equipment) ? (e.equipment as string[]) : null,
      note: e.note,
    }));

/** A line as typed on the phone, shown as an entry until the server's own comes back (negative ids: not saved yet). */
const typedEntry = (line: DayEntryLine, at: { id: number; employeeId: number; cardId: number; date: IsoDate }): TimecardEntry => ({
  id: at.id,
  employees_id: at.employeeId,
  users_timecard_id: at.cardId,
  timecard_date: at.date,
  jobs_id: line.jobs_id ?? 0,
  costcodes_id: line.costcodes_id ?? 0,
  hours: line.hours,
  equipment: line.equipment ?? null,
  note: line.note ?? null,
});

/**
 * The card as the person left it: a day with a change still waiting on this phone (or sent after the card was read)
 * shows that change instead of the server's copy. A day is saved whole, so the next edit of it must build on the
 * waiting one — after a reload with no signal, or a refetch before the queue is sent, the server's copy lacks it.
 */
export function withQueuedDays(
  entries: TimecardEntry[],
  items: readonly OutboxItem[],
  card: { tenant: string; employeeId: number; periodStart: IsoDate; readAt: number },
): TimecardEntry[] {
  const latest = new Map<string, DayEntryLine[]>();
  for (const item of [...items].sort((a, b) => a.created_at - b.created_at)) {
    if (item.kind !== 'timecard-day' || item.tenant_uuid !== card.tenant || item.status === 'refused') continue;
    if (item.status === 'sent' && (item.sent_at ?? 0) <= card.readAt) continue;
    const v = item.variables as {
      employees_id?: number;
      payperiod_start_date?: string;
      timecard_date?: string;
      timecard_entries?: DayEntryLine[];
    };
    if (v.employees_id !== card.employeeId || v.payperiod_start_date !== card.periodStart || !v.timecard_date) continue;
    latest.set(v.timecard_date, v.timecard_entries ?? []);
  }
  if (latest.size === 0) return entries;
  const queued = [...latest].flatMap(([date, lines], d) =>
    lines.map((line, i) => typedEntry(line, { id: -(d * 1000 + i + 1), employeeId: card.employeeId, cardId: 0, date })),
  );
  return [...entries.filter((e) => !latest.has(e.timecard_date)), ...queued];
}

interface SaveArgs {
  date: IsoDate;
  lines: DayEntryLine[];
  crew?: number[];
}

/** Saves a day (replacing it); refusals from the server (windows, increments, a locked card) go to the snackbar. */
export function useSaveDay(model: Pick<CardModel, 'tenant' | 'period' | 'employeeId' | 'cardKey' | 'own'>) {
  const { t, i18n } = useTranslation('timecards');
  const snackbar = useSnackbar();
  const queryClient = useQueryClient();
  const owner = useOutboxOwner();
  return useMutation({
    // One day's save at a time per card: each replaces the whole day, so they must land in order.
    scope: { id: `timecards-day-${model.employeeId}` },
    // Runs with no signal too: the outbox keeps the day on this phone (TanStack would otherwise pause it in memory).
    networkMode: 'always',
    onMutate: async ({ date, lines, crew }) => {
      if (crew?.length) return;
      // Show the day as typed at once, so the next cell edited on that day builds on it.
      await queryClient.cancelQueries({ queryKey: model.cardKey });
      queryClient.setQueryData<TimecardInfo>(model.cardKey, (old) =>
        old
          ? {
              ...old,
              users_timecard_entries: [
                ...old.users_timecard_entries.filter((e) => e.timecard_date !== date),
                ...lines.map((line, i) =>
                  typedEntry(line, { id: -(i + 1), employeeId: model.employeeId, cardId: old.users_timecard[0]?.id ?? 0, date }),
                ),
              ],
            }
          : old,
      );
    },
    mutationFn: async ({ date, lines, crew }: SaveArgs) => {
      const variables = {
        employees_id: model.employeeId,
        payperiod_start_date: model.period.start,
        payperiod_end_date: model.period.end,
        timecard_date: date,
        timecard_entries: lines,
        crew_employee_ids: crew ?? null,
      };
      // A field action: with no signal it waits on this phone (lib/outbox) and is sent once, in order, later.
      if (!owner) return { queued: false, data: await saveDay(model.tenant, variables) };
      const hours = lines.reduce((sum, line) => sum + line.hours, 0);
      const { sendFieldAction } = await loadOutboxSend();
      return sendFieldAction({
        owner,
        tenant: model.tenant,
        kind: crew?.length ? 'timecard-crew-day' : 'timecard-day',
        label: crew?.length
          ? t('outbox.crewDay', { date: formatDayLong(date, i18n.language), hours, count: crew.length })
          : t('outbox.day', { date: formatDayLong(date, i18n.language), hours }),
        document: saveDayMutation,
        variables: { tenant_uuid: model.tenant, ...variables },
      });
    },
    onSuccess: (sent, { crew }) => {
      if (sent.queued) {
        snackbar.show({ color: 'info', message: t('messages.queued') });
        return;
      }
      snackbar.show({ color: 'success', message: crew?.length ? t('messages.crewSaved', { count: crew.length }) : t('messages.saved') });
      // The end of one's own entry: the moment to offer the day's check-in.
      if (model.own && !crew?.length) offerMoodCheckIn();
    },
    onError: (error) => snackbar.show({ color: 'error', message: refusalMessage(error, t, t('messages.saveFailed')) }),
    onSettled: () => queryClient.invalidateQueries(cardQueries(model.tenant)),
  });
}

/** The bookable jobs `model`'s holder is scheduled on `date`, in schedule order. */
export function scheduledJobsOn(model: Pick<CardModel, 'scheduled' | 'jobs'>, date: IsoDate): number[] {
  return (model.scheduled?.get(date) ?? []).filter((id) => model.jobs.some((j) => j.id === id));
}
