import { personName } from '@groundwork/core/names';
import { addDays, datesOf, type IsoDate, type PayPeriod, type PayPeriodType, payPeriodFor } from '@groundwork/core/pay-periods';
import type { ExportColumn } from '@groundwork/core/timecards-export';
import { summarizeCard } from '@groundwork/core/timecards-summary';
import AddIcon from '@mui/icons-material/Add';
import DrawIcon from '@mui/icons-material/Draw';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import GroupsIcon from '@mui/icons-material/Groups';
import { Alert, Button, LinearProgress, Skeleton, Stack, Typography, useMediaQuery } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearch } from '@tanstack/react-router';
import { lazy, Suspense, startTransition, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../app/use-can';
import { useOutboxOwner } from '../../../auth/session';
import { RetryAlert } from '../../../components/retry-alert';
import { useAfterFirstPaint, useAfterFirstScreen } from '../../../lib/first-screen';
import { whenIdle } from '../../../lib/idle';
import { useOutboxItems } from '../../../lib/outbox/use-outbox-items';
import { useSearchChange } from '../../../lib/search-change';
import { useTenant } from '../../../lib/storage';
import { loadWhenOnline } from '../../../lib/when-online';
import { useSnackbar } from '../../../shell/snackbar';
import { cardQueries } from '../api/keys';
import { reopenTimecard } from '../api/mutations';
import {
  type BudgetCostcode,
  budgetCostcodesQueryOptions,
  type TimecardEntry,
  type TimecardPerson,
  type TimecardSettings,
  timecardCollectionQueryOptions,
  timecardJobsQueryOptions,
  timecardPeopleQueryOptions,
  timecardQueryOptions,
  timecardSettingsQueryOptions,
} from '../api/queries';
import { formatPeriod } from '../lib/dates';
import { formatHours } from '../lib/hours';
import { refusalMessage } from '../lib/messages';
import type { TimecardsSearch } from '../search';
import { type CardModel, loadOutboxSend, makeLabels, withQueuedDays } from './card-model';
import { DayList } from './day-list';
import type { EntryDialogTarget } from './entry-dialog';
import { PeriodOverview } from './period-overview';
import { PeriodSwitcher } from './period-switcher';
import { SignedBanner } from './signed-banner';
import { TimecardGrid } from './timecard-grid';
import { TotalsPanel } from './totals-panel';

// The dialogs and the export are not on the first screen (issue 28): their code (forms, pickers, the signature pad,
// the export's tables) is fetched once the card is on screen and the phone is idle, so a tap finds it here. A dialog
// asked for while its chunk could not come (the signal went in the first seconds of a first visit) opens once back.
const loadEntryDialog = () => loadWhenOnline(() => import('./entry-dialog'));
const loadCrewDialog = () => loadWhenOnline(() => import('./crew-dialog'));
const loadSignDialog = () => loadWhenOnline(() => import('./sign-dialog'));
const loadExport = () => Promise.all([import('@groundwork/core/timecards-export'), import('../lib/export-files')]);
const EntryDialog = lazy(() => loadEntryDialog().then((m) => ({ default: m.EntryDialog })));
const CrewDialog = lazy(() => loadCrewDialog().then((m) => ({ default: m.CrewDialog })));
const SignDialog = lazy(() => loadSignDialog().then((m) => ({ default: m.SignDialog })));
// An admin's person picker (the autocomplete's code) comes once the card is on screen; its place is held meanwhile.
const PersonPicker = lazy(() => loadWhenOnline(() => import('./person-picker')).then((m) => ({ default: m.PersonPicker })));
const pickerPlace = <Skeleton variant="rounded" height={40} sx={{ minWidth: 260 }} />;
const loadDialogs = () => Promise.all([loadEntryDialog(), loadCrewDialog(), loadSignDialog(), loadOutboxSend().catch(() => undefined)]);

export function TimecardsView() {
  const { t } = useTranslation('timecards');
  const tenant = useTenant();
  if (!tenant) return <Alert severity="info">{t('noTenant')}</Alert>;
  return <TenantTimecards tenant={tenant} />;
}

function TenantTimecards({ tenant }: { tenant: string }) {
  const { t } = useTranslation('timecards');
  const settings = useQuery(timecardSettingsQueryOptions(tenant));
  if (settings.isPending) return <LinearProgress aria-label={t('loading')} />;
  if (settings.isError) {
    return (
      <RetryAlert retryLabel={t('retry')} onRetry={() => void settings.refetch()}>
        {t('messages.fetchFailed')}
      </RetryAlert>
    );
  }
  return <Timecard tenant={tenant} settings={settings.data.settings} me={settings.data.employee_id} />;
}

function periodOf(date: string, settings: TimecardSettings): PayPeriod {
  return payPeriodFor(date, settings.pay_period_type as PayPeriodType, settings.pay_period_anchor);
}

function Timecard({ tenant, settings, me }: { tenant: string; settings: TimecardSettings; me: number }) {
  const { t, i18n } = useTranslation('timecards');
  const snackbar = useSnackbar();
  const queryClient = useQueryClient();
  const theme = useTheme();
  // Spec §9: the mobile breakpoint is lg; phones and tablets get the day-by-day list.
  const isDesktop = useMediaQuery(theme.breakpoints.up('lg'), { noSsr: true });
  // Changing everyone's cards is the admins' (the matrix gives the rest their own card only).
  const isAdmin = useCan('timecards', 'write');
  const search = useSearch({ strict: false }) as TimecardsSearch;
  const setSearch = useSearchChange<TimecardsSearch>();

  const current = periodOf(settings.today, settings);
  const period = useMemo(() => {
    try {
      return periodOf(search.period ?? settings.today, settings);
    } catch {
      return periodOf(settings.today, settings);
    }
  }, [search.period, settings]);
  const dates = useMemo(() => datesOf(period), [period]);
  const employee = isAdmin && search.employee && search.employee !== me ? search.employee : null;

  // The card and its jobs are the first screen. What only the dialogs use (the budgeted cost codes, the crew), an
  // admin's picker and overview (everyone's cards, the people) are asked once it is on screen (issue 28): on a weak
  // signal they shared the first seconds with the card's own reads and code.
  const shown = useAfterFirstScreen();
  const cardOptions = timecardQueryOptions(tenant, period, employee);
  const card = useQuery(cardOptions);
  const jobs = useQuery(timecardJobsQueryOptions(tenant));
  const jobIds = useMemo(() => jobs.data?.map((j) => j.id) ?? [], [jobs.data]);
  const codes = useQuery({ ...budgetCostcodesQueryOptions(tenant, jobIds), enabled: shown && jobs.isSuccess });
  const isForeman = employee === null && (card.data?.foreman_jobs_id.length ?? 0) > 0;
  const crew = useQuery({ ...timecardCollectionQueryOptions(tenant, period, 'crew'), enabled: shown && isForeman });
  const all = useQuery({ ...timecardCollectionQueryOptions(tenant, period, 'all'), enabled: shown && isAdmin });
  const people = useQuery({ ...timecardPeopleQueryOptions(tenant), enabled: shown && isAdmin });

  const failed = card.isError || jobs.isError || codes.isError;
  useEffect(() => {
    if (failed) snackbar.show({ color: 'error', message: t('messages.fetchFailed') });
  }, [failed, snackbar, t]);

  useEffect(() => (shown ? whenIdle(loadDialogs) : undefined), [shown]);
  // The totals are below the day-by-day card: on opening the page they come right after its first paint.
  const totalsShown = useAfterFirstPaint();

  const [entryTarget, setEntryTarget] = useState<EntryDialogTarget | null>(null);
  // The dialog renders as a transition: React yields to the phone between its parts instead of holding the page for
  // the whole render (issue 28's long tasks); the tap itself answers at once. The handlers stay the same from render
  // to render, so the day list, totals and overview (memoised) render again only when their data changes.
  const openEntry = useCallback((target: EntryDialogTarget) => startTransition(() => setEntryTarget(target)), []);
  const addOn = useCallback((date: IsoDate) => openEntry({ kind: 'new', date }), [openEntry]);
  const editEntry = useCallback((entry: TimecardEntry) => openEntry({ kind: 'edit', entry }), [openEntry]);
  const openCard = useCallback(
    (id: number) => {
      setSearch({ employee: id === me ? undefined : id });
      window.scrollTo({ top: 0, behavior: 'smooth' });
    },
    [setSearch, me],
  );
  const [signing, setSigning] = useState(false);
  const [crewOpen, setCrewOpen] = useState(false);
  const [exporting, setExporting] = useState<'csv' | 'xlsx' | null>(null);

  const info = card.data;
  const outbox = useOutboxItems(useOutboxOwner());
  const model: CardModel | null = useMemo(() => {
    if (!info) return null;
    const codesByJob = new Map<number, BudgetCostcode[]>();
    for (const c of codes.data ?? []) codesByJob.set(c.jobs_id, [...(codesByJob.get(c.jobs_id) ?? []), c]);
    const cardRow = info.users_timecard.find((c) => c.payperiod_start_date === period.start);
    const labels = makeLabels(
      [...(jobs.data ?? []), ...info.jobs],
      [...(codes.data ?? []).map((c) => ({ id: c.costcodes_id, costcode: c.costcode, description: c.description })), ...info.costcodes],
    );
    return {
      tenant,
      cardKey: cardOptions.queryKey,
      period,
      dates,
      today: settings.today,
      employeeId: info.employee_id,
      own: info.employee_id === me,
      entries: withQueuedDays(
        info.users_timecard_entries.filter((e) => e.timecard_date >= period.start && e.timecard_date <= period.end),
        outbox,
        { tenant, employeeId: info.employee_id, periodStart: period.start, readAt: card.dataUpdatedAt },
      ),
      editable: !cardRow?.signed_on,
      increment: settings.minute_increment,
      jobs: jobs.data ?? [],
      codesByJob,
      scheduled: scheduledByDay(info.scheduled_jobs),
      ...labels,
    };
  }, [info, outbox, card.dataUpdatedAt, codes.data, jobs.data, tenant, cardOptions.queryKey, period, dates, settings, me]);

  const cardRow = info?.users_timecard.find((c) => c.payperiod_start_date === period.start) ?? null;
  const holder = info?.people.find((p) => p.id === info.employee_id);
  const mePerson = info?.people.find((p) => p.id === me) ?? holder;
  const summary = useMemo(() => (model ? summarizeCard(model.entries, period) : null), [model, period]);
  const fmt = (hours: number) => formatHours(hours, i18n.language);

  const reopen = useMutation({
    mutationFn: (id: number) => reopenTimecard(tenant, id),
    onSuccess: () => snackbar.show({ color: 'success', message: t('messages.reopened') }),
    onError: (error) => snackbar.show({ color: 'error', message: refusalMessage(error, t, t('messages.reopenFailed')) }),
    onSettled: () => queryClient.invalidateQueries(cardQueries(tenant)),
  });

  const exportPeriod = async (kind: 'csv' | 'xlsx') => {
    setExporting(kind);
    try {
      // Fresh from the server: the file is what payroll will pay.
      const [data, [{ buildExportRows, EXPORT_COLUMNS, exportTable }, { downloadCsv, downloadXlsx }]] = await Promise.all([
        queryClient.fetchQuery({ ...timecardCollectionQueryOptions(tenant, period, 'all'), staleTime: 0 }),
        loadExport(),
      ]);
      const rows = buildExportRows({
        period,
        entries: data.timecard_entries_collection,
        cards: data.timecard_collection,
        people: data.people,
        jobs: data.jobs,
        costcodes: data.costcodes,
      });
      if (rows.length === 0) {
        snackbar.show({ color: 'info', message: t('export.empty') });
        return;
      }
      const headers = Object.fromEntries(EXPORT_COLUMNS.map((c) => [c, t(`export.columns.${c}`)])) as Record<ExportColumn, string>;
      const table = exportTable(rows, headers, { yes: t('export.yes'), no: t('export.no') });
      if (kind === 'csv') downloadCsv(table, period);
      else await downloadXlsx(table, period, t('export.sheet'));
      snackbar.show({ color: 'success', message: t('export.done', { count: rows.length }) });
    } catch {
      snackbar.show({ color: 'error', message: t('export.failed') });
    } finally {
      setExporting(null);
    }
  };

  const personOptions = useMemo(() => {
    const map = new Map<number, TimecardPerson>();
    for (const p of [...(people.data ?? []), ...(all.data?.people ?? []), ...(info?.people ?? [])]) map.set(p.id, p);
    return [...map.values()].sort((a, b) => personName(a).localeCompare(personName(b)));
  }, [people.data, all.data, info]);
  const hoursByPerson = useMemo(() => {
    const map = new Map<number, number>();
    for (const e of all.data?.timecard_entries_collection ?? []) map.set(e.employees_id, (map.get(e.employees_id) ?? 0) + e.hours);
    return map;
  }, [all.data]);
  const signedPeople = useMemo(
    () =>
      new Set(
        (all.data?.timecard_collection ?? [])
          .filter((c) => c.signed_on && c.payperiod_start_date === period.start)
          .map((c) => c.employees_id),
      ),
    [all.data, period.start],
  );

  const own = employee === null;
  const periodLabel = formatPeriod(period, i18n.language);

  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { md: 'center' } }}>
        <PeriodSwitcher
          period={period}
          isCurrent={period.start === current.start}
          onPrevious={() => setSearch({ period: periodOf(addDays(period.start, -1), settings).start })}
          onNext={() => setSearch({ period: periodOf(addDays(period.end, 1), settings).start })}
          onCurrent={() => setSearch({ period: undefined })}
        />
        {isAdmin && (
          <Suspense fallback={pickerPlace}>
            {shown ? (
              <PersonPicker
                personOptions={personOptions}
                selected={employee ?? me}
                loading={people.isPending}
                hoursByPerson={hoursByPerson}
                signedPeople={signedPeople}
                onPick={(p) => setSearch({ employee: p.id === me ? undefined : p.id })}
              />
            ) : (
              pickerPlace
            )}
          </Suspense>
        )}
      </Stack>

      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
        {model?.editable && (
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => openEntry({ kind: 'new', date: dates.includes(settings.today) ? settings.today : dates[0] })}
          >
            {t('actions.addTime')}
          </Button>
        )}
        {isForeman && model?.editable && crew.data && (
          <Button variant="outlined" startIcon={<GroupsIcon />} onClick={() => setCrewOpen(true)}>
            {t('actions.crewEntry')}
          </Button>
        )}
        {own && model?.editable && (
          <Button
            variant="outlined"
            startIcon={<DrawIcon />}
            onClick={() => setSigning(true)}
            disabled={!cardRow || model.entries.length === 0}
          >
            {t('actions.sign')}
          </Button>
        )}
        {isAdmin && (
          <>
            <Button
              startIcon={<FileDownloadIcon />}
              onClick={() => void exportPeriod('csv')}
              loading={exporting === 'csv'}
              disabled={exporting !== null}
            >
              {t('actions.exportCsv')}
            </Button>
            <Button
              startIcon={<FileDownloadIcon />}
              onClick={() => void exportPeriod('xlsx')}
              loading={exporting === 'xlsx'}
              disabled={exporting !== null}
            >
              {t('actions.exportXlsx')}
            </Button>
          </>
        )}
      </Stack>

      {!own && holder && (
        <Typography variant="h6" component="h2">
          {t('person.cardOf', { name: personName(holder) })}
        </Typography>
      )}

      {own && model?.editable && !cardRow && (
        <Typography variant="body2" color="text.secondary">
          {t('sign.enterFirst')}
        </Typography>
      )}

      {cardRow?.signed_on && (
        <SignedBanner
          cardRow={cardRow}
          signedOn={cardRow.signed_on}
          holder={holder}
          isAdmin={isAdmin}
          reopening={reopen.isPending}
          onReopen={() => reopen.mutate(cardRow.id)}
        />
      )}

      {card.isError && (
        <RetryAlert retryLabel={t('retry')} onRetry={() => void card.refetch()}>
          {t('messages.fetchFailed')}
        </RetryAlert>
      )}
      {(card.isPending || jobs.isPending) && <LinearProgress aria-label={t('loading')} />}

      {model && (isDesktop ? <TimecardGrid model={model} /> : <DayList model={model} onAdd={addOn} onEdit={editEntry} />)}
      {model && totalsShown && <TotalsPanel model={model} />}
      {isAdmin && all.data && <PeriodOverview period={period} all={all.data} selected={employee ?? me} onOpen={openCard} />}

      <Suspense fallback={null}>
        {model && entryTarget && <EntryDialog model={model} target={entryTarget} onClose={() => setEntryTarget(null)} />}
        {model && crewOpen && crew.data && <CrewDialog model={model} crew={crew.data} me={mePerson} onClose={() => setCrewOpen(false)} />}
        {signing && cardRow && summary && (
          <SignDialog
            tenant={tenant}
            cardId={cardRow.id}
            periodLabel={periodLabel}
            totalLabel={fmt(summary.total)}
            onClose={() => setSigning(false)}
          />
        )}
      </Suspense>
    </Stack>
  );
}

function scheduledByDay(rows: readonly { date: string; jobs_id: number }[]): Map<string, number[]> {
  const byDay = new Map<string, number[]>();
  for (const r of rows) byDay.set(r.date, [...(byDay.get(r.date) ?? []), r.jobs_id]);
  return byDay;
}
