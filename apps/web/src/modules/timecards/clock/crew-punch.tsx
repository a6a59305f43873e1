import CoffeeIcon from '@mui/icons-material/Coffee';
import GroupsIcon from '@mui/icons-material/Groups';
import LoginIcon from '@mui/icons-material/Login';
import LogoutIcon from '@mui/icons-material/Logout';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  FormControlLabel,
  FormGroup,
  LinearProgress,
  List,
  ListItem,
  Paper,
  Stack,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchBoard, fetchCrews, scheduleKeys } from '../../scheduling/api/scheduling';
import { formatTime } from './format';
import { onTheClockQueryOptions, type PunchAction, type PunchOutcome } from './punch-api';
import { type JobChoices, JobCodeFields, preselect } from './punch-controls';
import type { PunchRequest, PunchSent } from './use-punch';

type CrewMember = { id: number; name: string; jobs: number[] };

/** Who is on today's crew: everyone scheduled to work today on the foreman's jobs (every job, for an admin). */
function useTodaysCrew(tenant: string, today: string, admin: boolean, me: number) {
  const board = useQuery({
    queryKey: admin ? scheduleKeys.board(tenant, today, today) : scheduleKeys.crews(tenant, today, today),
    queryFn: () => (admin ? fetchBoard(tenant, today, today) : fetchCrews(tenant, today, today)),
    staleTime: 60_000,
  });
  const crew = useMemo(() => {
    const data = board.data;
    if (!data) return [];
    const byPerson = new Map<number, CrewMember>();
    const names = new Map(data.people.map((p) => [p.id, p.name]));
    for (const e of data.entries) {
      if (e.date !== today || e.jobs_id == null || e.employees_id === me || e.event_type !== 'Work') continue;
      const member = byPerson.get(e.employees_id) ?? {
        id: e.employees_id,
        name: names.get(e.employees_id) ?? `#${e.employees_id}`,
        jobs: [],
      };
      member.jobs.push(e.jobs_id);
      byPerson.set(e.employees_id, member);
    }
    return [...byPerson.values()].sort((a, b) => a.name.localeCompare(b.name));
  }, [board.data, today, me]);
  return { crew, isPending: board.isPending, isError: board.isError, refetch: board.refetch };
}

const ACTIONS: { action: Exclude<PunchAction, 'SWITCH'>; icon: React.ReactNode; color: 'success' | 'primary' | 'error' | 'inherit' }[] = [
  { action: 'IN', icon: <LoginIcon />, color: 'success' },
  { action: 'BREAK_START', icon: <CoffeeIcon />, color: 'inherit' },
  { action: 'BREAK_END', icon: <PlayArrowIcon />, color: 'primary' },
  { action: 'OUT', icon: <LogoutIcon />, color: 'error' },
];

interface CrewPunchProps {
  tenant: string;
  today: string;
  me: number;
  admin: boolean;
  /** The jobs a crew may be clocked in on: the foreman's (every bookable job, for an admin). */
  choices: JobChoices;
  busy: boolean;
  onPunch: (punch: PunchRequest, done: (sent: PunchSent) => void) => void;
}

/** A foreman's crew, clocked in, on break and out together; each member's outcome said by name. */
export function CrewPunch({ tenant, today, me, admin, choices, busy, onPunch }: CrewPunchProps) {
  const { t, i18n } = useTranslation('timecards');
  const { crew, isPending, isError, refetch } = useTodaysCrew(tenant, today, admin, me);
  const onClock = useQuery(onTheClockQueryOptions(tenant));
  const [picked, setPicked] = useState<Set<number>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [outcomes, setOutcomes] = useState<{ action: PunchAction; results: PunchOutcome[] } | { queued: number } | null>(null);
  // The job most of the crew is scheduled on today comes first.
  const scheduled = useMemo(() => {
    const count = new Map<number, number>();
    for (const m of crew) for (const j of m.jobs) count.set(j, (count.get(j) ?? 0) + 1);
    return [...count].sort((a, b) => b[1] - a[1]).map(([j]) => j);
  }, [crew]);
  const [value, setValue] = useState<{ jobId: number | ''; codeId: number | '' }>({ jobId: '', codeId: '' });
  const shownValue = value.jobId === '' && scheduled.length ? preselect(choices, scheduled[0], null) : value;
  const state = new Map((onClock.data ?? []).map((r) => [r.employees_id, r]));
  const names = new Map(crew.map((m) => [m.id, m.name]));
  for (const r of onClock.data ?? []) if (!names.has(r.employees_id)) names.set(r.employees_id, r.name);

  const toggle = (id: number) =>
    setPicked((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const allPicked = crew.length > 0 && crew.every((m) => picked.has(m.id));

  const punch = (action: PunchAction) => {
    setSubmitted(true);
    if (picked.size === 0) return;
    if (action === 'IN' && (shownValue.jobId === '' || shownValue.codeId === '')) return;
    const ids = crew.filter((m) => picked.has(m.id)).map((m) => m.id);
    onPunch(
      action === 'IN'
        ? { action, employees_ids: ids, jobs_id: shownValue.jobId as number, costcodes_id: shownValue.codeId as number }
        : { action, employees_ids: ids },
      (sent) => {
        setSubmitted(false);
        setOutcomes(sent.queued ? { queued: ids.length } : { action, results: sent.result.results });
      },
    );
  };

  const outcomeText = (o: PunchOutcome, action: PunchAction) => {
    const name = names.get(o.employees_id) ?? `#${o.employees_id}`;
    return o.outcome === 'DONE'
      ? t(`clock.crew.done.${action}`, { name })
      : t(`clock.crew.outcome.${o.outcome}` as 'clock.crew.outcome.ALREADY_ON_THE_CLOCK', { name, defaultValue: `${name}: ${o.outcome}` });
  };

  return (
    <Paper variant="outlined" component="section" aria-labelledby="crew-punch-heading" sx={{ p: 2 }}>
      <Stack spacing={2}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <GroupsIcon color="action" />
          <Typography id="crew-punch-heading" variant="h6" component="h2">
            {t('clock.crew.title')}
          </Typography>
        </Stack>
        {isPending && <LinearProgress aria-label={t('loading')} />}
        {isError && (
          <Alert severity="error" action={<Button onClick={() => void refetch()}>{t('retry')}</Button>}>
            {t('clock.crew.fetchFailed')}
          </Alert>
        )}
        {!isPending && !isError && crew.length === 0 && (
          <Typography variant="body2" color="text.secondary">
            {t('clock.crew.none')}
          </Typography>
        )}
        {crew.length > 0 && (
          <>
            <FormGroup aria-label={t('clock.crew.members')}>
              <FormControlLabel
                control={
                  <Checkbox
                    checked={allPicked}
                    indeterminate={picked.size > 0 && !allPicked}
                    onChange={() => setPicked(allPicked ? new Set() : new Set(crew.map((m) => m.id)))}
                  />
                }
                label={t('clock.crew.all', { count: crew.length })}
              />
              {crew.map((m) => {
                const on = state.get(m.id);
                return (
                  <Box key={m.id} sx={{ pl: 2 }}>
                    <FormControlLabel control={<Checkbox checked={picked.has(m.id)} onChange={() => toggle(m.id)} />} label={m.name} />
                    {on && (
                      <Typography variant="body2" color="text.secondary" sx={{ pl: 4, mt: -0.5, mb: 0.5, overflowWrap: 'break-word' }}>
                        {on.kind === 'BREAK'
                          ? t('clock.crew.memberOnBreak', { time: formatTime(on.since, i18n.language) })
                          : t('clock.crew.memberOn', { job: on.job_name, time: formatTime(on.since, i18n.language) })}
                      </Typography>
                    )}
                  </Box>
                );
              })}
            </FormGroup>
            {submitted && picked.size === 0 && (
              <Typography variant="body2" color="error" role="alert">
                {t('clock.crew.pickSomeone')}
              </Typography>
            )}
            <JobCodeFields choices={choices} scheduledIds={scheduled} submitted={submitted} value={shownValue} onChange={setValue} />
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
              {ACTIONS.map(({ action, icon, color }) => (
                <Button
                  key={action}
                  variant={action === 'IN' || action === 'OUT' ? 'contained' : 'outlined'}
                  color={color}
                  startIcon={icon}
                  loading={busy}
                  onClick={() => punch(action)}
                  sx={{ minHeight: 48, flex: '1 1 40%', lineHeight: 1.3 }}
                >
                  {t(`clock.crew.actions.${action}`, { count: picked.size })}
                </Button>
              ))}
            </Stack>
          </>
        )}
        {outcomes && (
          <Alert severity="info" role="status" data-testid="crew-outcomes">
            {'queued' in outcomes ? (
              t('clock.crew.queued', { count: outcomes.queued })
            ) : (
              <List dense disablePadding aria-label={t('clock.crew.outcomes')}>
                {outcomes.results.map((o) => (
                  <ListItem key={o.employees_id} disableGutters sx={{ py: 0 }}>
                    {outcomeText(o, outcomes.action)}
                  </ListItem>
                ))}
              </List>
            )}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
