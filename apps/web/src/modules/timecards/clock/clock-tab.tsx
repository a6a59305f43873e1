import { costcodeLabel } from '@groundwork/core/names';
import { datesOf, type PayPeriodType, payPeriodFor } from '@groundwork/core/pay-periods';
import LocationOnOutlinedIcon from '@mui/icons-material/LocationOnOutlined';
import { Alert, Button, LinearProgress, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../app/use-can';
import { useOutboxOwner } from '../../../auth/session';
import { RetryAlert } from '../../../components/retry-alert';
import { useOutboxItems } from '../../../lib/outbox/use-outbox-items';
import { useSnackbar } from '../../../shell/snackbar';
import {
  type BudgetCostcode,
  budgetCostcodesQueryOptions,
  type TimecardSettings,
  timecardJobsQueryOptions,
  timecardQueryOptions,
  timecardSettingsQueryOptions,
} from '../api/queries';
import { makeLabels } from '../components/card-model';
import { formatDayLong } from '../lib/dates';
import { CorrectionDialog } from './correction-dialog';
import { CrewPunch } from './crew-punch';
import { formatTime } from './format';
import { type Consent, readConsent, writeConsent } from './location';
import { LocationConsentDialog } from './location-consent-dialog';
import { type PunchSegment, punchListQueryOptions, punchStateQueryOptions } from './punch-api';
import { type JobChoices, PunchControls } from './punch-controls';
import { PunchStatus, useNow } from './punch-status';
import { withQueuedPunches } from './queued-punches';
import { SegmentList } from './segment-list';
import { type PunchRequest, type PunchSent, usePunch } from './use-punch';

/** /modules/timecards?tab=clock: the person's punch clock, today's segments, a foreman's crew, corrections. */
export function ClockTab({ tenant }: { tenant: string }) {
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
  return <Clock tenant={tenant} settings={settings.data.settings} me={settings.data.employee_id} />;
}

function Clock({ tenant, settings, me }: { tenant: string; settings: TimecardSettings; me: number }) {
  const { t, i18n } = useTranslation('timecards');
  const snackbar = useSnackbar();
  const owner = useOutboxOwner();
  const isAdmin = useCan('timecards', 'write');
  const period = useMemo(
    () => payPeriodFor(settings.today, settings.pay_period_type as PayPeriodType, settings.pay_period_anchor),
    [settings],
  );
  const state = useQuery(punchStateQueryOptions(tenant));
  const card = useQuery(timecardQueryOptions(tenant, period, null));
  const jobs = useQuery(timecardJobsQueryOptions(tenant));
  const jobIds = useMemo(() => jobs.data?.map((j) => j.id) ?? [], [jobs.data]);
  const codes = useQuery({ ...budgetCostcodesQueryOptions(tenant, jobIds), enabled: jobs.isSuccess });
  const outbox = useOutboxItems(owner);
  const [consent, setConsent] = useState<Consent | null>(() => readConsent(owner));
  const [asking, setAsking] = useState<{ punch: PunchRequest; done?: (sent: PunchSent) => void } | null>(null);
  const [correcting, setCorrecting] = useState<PunchSegment | null>(null);
  const now = useNow(60_000);

  const choices: JobChoices = useMemo(() => {
    const codesByJob = new Map<number, BudgetCostcode[]>();
    for (const c of codes.data ?? []) codesByJob.set(c.jobs_id, [...(codesByJob.get(c.jobs_id) ?? []), c]);
    const labels = makeLabels(
      [...(jobs.data ?? []), ...(card.data?.jobs ?? [])],
      [
        ...(codes.data ?? []).map((c) => ({ id: c.costcodes_id, costcode: c.costcode, description: c.description })),
        ...(card.data?.costcodes ?? []),
      ],
    );
    return { jobs: jobs.data ?? [], codesByJob, ...labels };
  }, [jobs.data, codes.data, card.data]);
  const foremanJobs = card.data?.foreman_jobs_id ?? [];
  const crewChoices: JobChoices = useMemo(
    () => (isAdmin ? choices : { ...choices, jobs: choices.jobs.filter((j) => foremanJobs.includes(j.id)) }),
    [choices, isAdmin, foremanJobs],
  );
  const scheduledToday = useMemo(
    () => (card.data?.scheduled_jobs ?? []).filter((s) => s.date === settings.today).map((s) => s.jobs_id),
    [card.data, settings.today],
  );
  const signed = Boolean(card.data?.users_timecard.find((c) => c.payperiod_start_date === period.start)?.signed_on);

  const shown = useMemo(
    () => (state.data ? withQueuedPunches(state.data, outbox, { tenant, readAt: state.dataUpdatedAt, me }) : null),
    [state.data, state.dataUpdatedAt, outbox, tenant, me],
  );

  const punch = usePunch(tenant, shown?.ask_location ?? false, { consent });
  const send = useCallback(
    (request: PunchRequest, done?: (sent: PunchSent) => void) =>
      punch.mutate(request, {
        onSuccess: (sent) => {
          done?.(sent);
          if (sent.queued || request.employees_ids?.length) return;
          const outcome = sent.result.results[0]?.outcome;
          if (outcome && outcome !== 'DONE')
            snackbar.show({
              color: 'info',
              message: t(`clock.outcome.${outcome}` as 'clock.outcome.ALREADY_ON_THE_CLOCK', { defaultValue: outcome }),
            });
        },
      }),
    [punch, snackbar, t],
  );
  const onPunch = useCallback(
    (request: PunchRequest, done?: (sent: PunchSent) => void) => {
      const tapped = { ...request, at: request.at ?? new Date() };
      // The first punch that would carry a place asks first (the browser's own question follows a yes).
      if (shown?.ask_location && consent === null) setAsking({ punch: tapped, done });
      else send(tapped, done);
    },
    [shown?.ask_location, consent, send],
  );
  const answer = (yes: boolean) => {
    const next: Consent = yes ? 'yes' : 'no';
    writeConsent(owner, next);
    setConsent(next);
    const pending = asking;
    setAsking(null);
    // The hook reads the stored answer when the punch goes.
    if (pending) setTimeout(() => send(pending.punch, pending.done), 0);
  };

  const codeName = useCallback(
    (id: number) => {
      const code = codes.data?.find((c) => c.costcodes_id === id);
      return code ? costcodeLabel(code) : choices.codeName(id);
    },
    [codes.data, choices],
  );
  const segmentTitle = (s: PunchSegment) =>
    t(s.kind === 'BREAK' ? 'clock.correct.titleBreak' : 'clock.correct.titleWork', {
      from: formatTime(s.started_at, i18n.language),
      to: s.ended_at ? formatTime(s.ended_at, i18n.language) : '…',
    });
  const isForeman = foremanJobs.length > 0;

  return (
    <Stack spacing={2} sx={{ maxWidth: 720 }}>
      {state.isError && (
        <RetryAlert retryLabel={t('retry')} onRetry={() => void state.refetch()}>
          {t('clock.messages.fetchFailed')}
        </RetryAlert>
      )}
      {(state.isPending || jobs.isPending) && <LinearProgress aria-label={t('loading')} />}
      {shown && (
        <>
          <PunchStatus open={shown.open} today={shown.today} waiting={shown.waiting} jobName={choices.jobName} codeName={codeName} />
          {jobs.isSuccess && codes.isSuccess && choices.jobs.length === 0 && <Alert severity="info">{t('entry.noJobs')}</Alert>}
          <PunchControls
            open={shown.open}
            choices={{ ...choices, codeName }}
            suggestedJob={shown.suggested_jobs_id}
            suggestedCode={shown.suggested_costcodes_id}
            scheduledIds={scheduledToday}
            busy={punch.isPending}
            onPunch={onPunch}
          />
          {shown.ask_location && (
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <LocationOnOutlinedIcon fontSize="small" color="action" />
              <Typography variant="body2" color="text.secondary">
                {consent === 'yes'
                  ? t('clock.consent.sharing')
                  : consent === 'no'
                    ? t('clock.consent.notSharing')
                    : t('clock.consent.notAsked')}
              </Typography>
              {consent !== null && (
                <Button
                  size="small"
                  onClick={() => {
                    const next: Consent = consent === 'yes' ? 'no' : 'yes';
                    writeConsent(owner, next);
                    setConsent(next);
                  }}
                >
                  {consent === 'yes' ? t('clock.consent.stop') : t('clock.consent.start')}
                </Button>
              )}
            </Stack>
          )}
          <Paper variant="outlined" component="section" aria-labelledby="punch-today-heading" sx={{ p: 2 }}>
            <Typography id="punch-today-heading" variant="h6" component="h2" sx={{ mb: 1 }}>
              {t('clock.segments.today', { day: formatDayLong(settings.today, i18n.language) })}
            </Typography>
            {signed && (
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                {t('clock.correct.signed')}
              </Typography>
            )}
            <SegmentList
              segments={shown.today}
              jobName={choices.jobName}
              codeName={codeName}
              now={now}
              label={t('clock.segments.todayLabel')}
              onCorrect={signed ? undefined : setCorrecting}
            />
            {!signed && shown.today.length > 0 && (
              <Typography variant="caption" color="text.secondary">
                {t('clock.correct.hint')}
              </Typography>
            )}
          </Paper>
          {(isForeman || isAdmin) && (
            <CrewPunch
              tenant={tenant}
              today={settings.today}
              me={me}
              admin={isAdmin}
              choices={{ ...crewChoices, codeName }}
              busy={punch.isPending}
              onPunch={onPunch}
            />
          )}
          <EarlierDays
            tenant={tenant}
            me={me}
            days={datesOf(period).filter((d) => d < settings.today)}
            jobName={choices.jobName}
            codeName={codeName}
            now={now}
            signed={signed}
            onCorrect={setCorrecting}
          />
        </>
      )}
      {asking && <LocationConsentDialog onAnswer={answer} />}
      {correcting && (
        <CorrectionDialog tenant={tenant} segment={correcting} title={segmentTitle(correcting)} onClose={() => setCorrecting(null)} />
      )}
    </Stack>
  );
}

/** A day earlier in the pay period, its segments shown (and corrected) on request. */
function EarlierDays({
  tenant,
  me,
  days,
  signed,
  onCorrect,
  ...names
}: {
  tenant: string;
  me: number;
  days: string[];
  signed: boolean;
  onCorrect: (segment: PunchSegment) => void;
  jobName: (id: number) => string;
  codeName: (id: number) => string;
  now: number;
}) {
  const { t, i18n } = useTranslation('timecards');
  const [day, setDay] = useState<string>('');
  const list = useQuery({
    ...punchListQueryOptions(tenant, { employees_id: me, date_from: day, date_to: day }),
    enabled: day !== '',
  });
  if (days.length === 0) return null;
  return (
    <Paper variant="outlined" component="section" aria-labelledby="punch-earlier-heading" sx={{ p: 2 }}>
      <Stack spacing={1.5}>
        <Typography id="punch-earlier-heading" variant="h6" component="h2">
          {t('clock.earlier.title')}
        </Typography>
        <TextField select label={t('clock.earlier.day')} value={day} onChange={(e) => setDay(e.target.value)}>
          {[...days].reverse().map((d) => (
            <MenuItem key={d} value={d}>
              {formatDayLong(d, i18n.language)}
            </MenuItem>
          ))}
        </TextField>
        {list.isFetching && <LinearProgress aria-label={t('loading')} />}
        {list.isError && <Alert severity="error">{t('clock.messages.fetchFailed')}</Alert>}
        {list.data && (
          <SegmentList
            segments={list.data}
            {...names}
            label={t('clock.earlier.listLabel', { day: formatDayLong(day, i18n.language) })}
            onCorrect={signed ? undefined : onCorrect}
          />
        )}
      </Stack>
    </Paper>
  );
}
