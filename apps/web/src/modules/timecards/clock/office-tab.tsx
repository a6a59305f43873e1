import { costcodeLabel, personName } from '@groundwork/core/names';
import {
  Alert,
  Chip,
  LinearProgress,
  List,
  ListItem,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../app/use-can';
import { DateField } from '../../../components/date-field';
import { RetryAlert } from '../../../components/retry-alert';
import {
  budgetCostcodesQueryOptions,
  timecardJobsQueryOptions,
  timecardPeopleQueryOptions,
  timecardSettingsQueryOptions,
} from '../api/queries';
import { makeLabels } from '../components/card-model';
import { formatClock, formatTime } from './format';
import { LocationBadge, toned } from './location-badge';
import { type OnTheClockRow, onTheClockQueryOptions, type PunchSegment, punchListQueryOptions } from './punch-api';
import { PunchSettingsForm } from './punch-settings-form';
import { useNow } from './punch-status';
import { SegmentList } from './segment-list';

/** /modules/timecards?tab=on-the-clock: who is on the clock now, and a day's missed clock-outs and punches outside the fence. */
export function OfficeTab({ tenant }: { tenant: string }) {
  const { t, i18n } = useTranslation('timecards');
  const isAdmin = useCan('timecards', 'write');
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const settings = useQuery(timecardSettingsQueryOptions(tenant));
  const onClock = useQuery(onTheClockQueryOptions(tenant));
  const now = useNow(60_000);
  // The cost code with its description, as everywhere else, once the budgeted codes are in.
  const jobs = useQuery(timecardJobsQueryOptions(tenant));
  const jobIds = useMemo(() => jobs.data?.map((j) => j.id) ?? [], [jobs.data]);
  const codes = useQuery({ ...budgetCostcodesQueryOptions(tenant, jobIds), enabled: jobs.isSuccess });
  const rows = useMemo(() => {
    const labels = new Map((codes.data ?? []).map((c) => [c.costcodes_id, costcodeLabel(c)]));
    return onClock.data?.map((r) => ({ ...r, costcode: labels.get(r.costcodes_id) ?? r.costcode }));
  }, [onClock.data, codes.data]);

  return (
    <Stack spacing={2}>
      <Paper variant="outlined" component="section" aria-labelledby="on-the-clock-heading" sx={{ p: 2 }}>
        <Typography id="on-the-clock-heading" variant="h6" component="h2" sx={{ mb: 1 }}>
          {t('office.nowTitle', { count: onClock.data?.length ?? 0 })}
        </Typography>
        {onClock.isPending && <LinearProgress aria-label={t('loading')} />}
        {onClock.isError && (
          <RetryAlert retryLabel={t('retry')} onRetry={() => void onClock.refetch()}>
            {t('clock.messages.fetchFailed')}
          </RetryAlert>
        )}
        {onClock.data?.length === 0 && (
          <Typography variant="body2" color="text.secondary">
            {t('office.nobody')}
          </Typography>
        )}
        {rows && rows.length > 0 && (wide ? <OnClockTable rows={rows} now={now} /> : <OnClockCards rows={rows} now={now} />)}
        {onClock.dataUpdatedAt > 0 && (
          <Typography variant="caption" color="text.secondary">
            {t('office.asOf', { time: formatTime(onClock.dataUpdatedAt, i18n.language) })}
          </Typography>
        )}
      </Paper>
      {settings.data && <DayFlags tenant={tenant} today={settings.data.settings.today} now={now} />}
      {isAdmin && <PunchSettingsForm tenant={tenant} />}
    </Stack>
  );
}

function useSince(row: OnTheClockRow, now: number) {
  const { i18n } = useTranslation('timecards');
  return {
    since: formatTime(row.since, i18n.language),
    running: formatClock((now - Date.parse(row.since)) / 60_000, i18n.language),
  };
}

function RowBadge({ row }: { row: OnTheClockRow }) {
  return <LocationBadge status={row.location_status} outside={row.outside_fence} distance={row.distance_m} />;
}

function OnClockTable({ rows, now }: { rows: OnTheClockRow[]; now: number }) {
  const { t } = useTranslation('timecards');
  return (
    <Table size="small" aria-label={t('office.nowLabel')} data-testid="on-the-clock">
      <TableHead>
        <TableRow>
          <TableCell>{t('office.person')}</TableCell>
          <TableCell>{t('office.job')}</TableCell>
          <TableCell>{t('office.costcode')}</TableCell>
          <TableCell>{t('office.since')}</TableCell>
          <TableCell>{t('office.location')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row) => (
          <OnClockRow key={row.employees_id} row={row} now={now} />
        ))}
      </TableBody>
    </Table>
  );
}

function OnClockRow({ row, now }: { row: OnTheClockRow; now: number }) {
  const { t } = useTranslation('timecards');
  const { since, running } = useSince(row, now);
  return (
    <TableRow>
      <TableCell component="th" scope="row">
        {row.name}
        {row.kind === 'BREAK' && <Chip size="small" {...toned('warning')} label={t('office.onBreak')} style={{ marginLeft: 8 }} />}
      </TableCell>
      <TableCell>{row.job_name}</TableCell>
      <TableCell>{row.costcode}</TableCell>
      <TableCell>{t('office.sinceValue', { time: since, running })}</TableCell>
      <TableCell>
        <RowBadge row={row} />
      </TableCell>
    </TableRow>
  );
}

function OnClockCards({ rows, now }: { rows: OnTheClockRow[]; now: number }) {
  const { t } = useTranslation('timecards');
  return (
    <List aria-label={t('office.nowLabel')} disablePadding data-testid="on-the-clock">
      {rows.map((row) => (
        <OnClockCard key={row.employees_id} row={row} now={now} />
      ))}
    </List>
  );
}

function OnClockCard({ row, now }: { row: OnTheClockRow; now: number }) {
  const { t } = useTranslation('timecards');
  const { since, running } = useSince(row, now);
  return (
    <ListItem divider disableGutters sx={{ display: 'block' }}>
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between' }}>
        <Typography sx={{ fontWeight: 600 }}>{row.name}</Typography>
        <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums' }}>
          {t('office.sinceValue', { time: since, running })}
        </Typography>
      </Stack>
      <Typography variant="body2" color="text.secondary">
        {row.job_name} · {row.costcode}
      </Typography>
      <Stack direction="row" spacing={0.5} sx={{ mt: 0.5, flexWrap: 'wrap' }}>
        {row.kind === 'BREAK' && <Chip size="small" {...toned('warning')} label={t('office.onBreak')} />}
        <RowBadge row={row} />
      </Stack>
    </ListItem>
  );
}

/** A chosen day's punches that need a look: clock-outs nobody did (closed by the day-end sweep) and punches outside the fence. */
function DayFlags({ tenant, today, now }: { tenant: string; today: string; now: number }) {
  const { t } = useTranslation('timecards');
  const [day, setDay] = useState(today);
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(day);
  const missed = useQuery({ ...punchListQueryOptions(tenant, { date_from: day, date_to: day, missed_clock_out: true }), enabled: valid });
  const outside = useQuery({ ...punchListQueryOptions(tenant, { date_from: day, date_to: day, outside_fence: true }), enabled: valid });
  const jobs = useQuery(timecardJobsQueryOptions(tenant));
  const jobIds = useMemo(() => jobs.data?.map((j) => j.id) ?? [], [jobs.data]);
  const codes = useQuery({ ...budgetCostcodesQueryOptions(tenant, jobIds), enabled: jobs.isSuccess });
  // Names of the people from the directory (admins and foremen read it); the on-the-clock list fills gaps.
  const people = useQuery(timecardPeopleQueryOptions(tenant));
  const onClock = useQuery(onTheClockQueryOptions(tenant));
  const names = useMemo(() => {
    const map = new Map<number, string>();
    for (const p of people.data ?? []) map.set(p.id, personName(p));
    for (const r of onClock.data ?? []) map.set(r.employees_id, r.name);
    return map;
  }, [people.data, onClock.data]);
  const labels = useMemo(() => makeLabels(jobs.data ?? [], []), [jobs.data]);
  const codeNames = useMemo(() => {
    const map = new Map<number, string>();
    for (const r of onClock.data ?? []) map.set(r.costcodes_id, r.costcode);
    for (const c of codes.data ?? []) map.set(c.costcodes_id, costcodeLabel(c));
    return map;
  }, [onClock.data, codes.data]);
  const personLabel = (id: number) => names.get(id) ?? t('office.personId', { id });
  const codeName = (id: number) => codeNames.get(id) ?? `#${id}`;
  const section = (title: string, testId: string, query: typeof missed, empty: string) => (
    <Stack spacing={1} data-testid={testId}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      {query.isFetching && <LinearProgress aria-label={t('loading')} />}
      {query.isError && <Alert severity="error">{t('clock.messages.fetchFailed')}</Alert>}
      {query.data && query.data.length > 0 && (
        <SegmentList
          segments={query.data as PunchSegment[]}
          jobName={labels.jobName}
          codeName={codeName}
          personName={personLabel}
          now={now}
          label={title}
        />
      )}
      {query.data?.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          {empty}
        </Typography>
      )}
    </Stack>
  );
  return (
    <Paper variant="outlined" component="section" aria-labelledby="day-flags-heading" sx={{ p: 2 }}>
      <Stack spacing={2}>
        <Typography id="day-flags-heading" variant="h6" component="h2">
          {t('office.flagsTitle')}
        </Typography>
        <DateField label={t('office.day')} value={day} onChange={(e) => setDay(e.target.value)} sx={{ maxWidth: 240 }} />
        {valid && section(t('office.missedTitle'), 'missed-clock-outs', missed, t('office.missedNone'))}
        {valid && section(t('office.outsideTitle'), 'outside-fence', outside, t('office.outsideNone'))}
      </Stack>
    </Paper>
  );
}
