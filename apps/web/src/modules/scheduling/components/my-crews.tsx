import { addDays, isoDay } from '@groundwork/core/pay-periods';
import { daysFrom } from '@groundwork/core/scheduling';
import EditCalendarIcon from '@mui/icons-material/EditCalendar';
import { Alert, Card, CardContent, CircularProgress, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../shell/links';
import { fetchCrews, scheduleKeys } from '../api/scheduling';
import { dayLabel } from '../lib/labels';
import { ScheduleBoard } from './schedule-board';

/**
 * /modules/scheduling: a foreman's jobs and who is on each for the coming seven days, with their answers.
 * `planner` (scheduling_admin, admin_access; issue 46): with no crews of their own they get the planner's board
 * here instead of a dead end, and with crews a way on to it.
 */
export function MyCrews({ tenant, planner = false }: { tenant: string; planner?: boolean }) {
  const { t, i18n } = useTranslation('scheduling');
  const from = isoDay(new Date());
  const to = addDays(from, 6);
  const days = daysFrom(from, 7);
  const crews = useQuery({ queryKey: scheduleKeys.crews(tenant, from, to), queryFn: () => fetchCrews(tenant, from, to) });
  const names = new Map((crews.data?.people ?? []).map((p) => [p.id, p.name]));
  if (planner && crews.data?.jobs.length === 0) return <ScheduleBoard tenant={tenant} canWrite />;
  const status = (s: string) =>
    t(s === 'confirmed' ? 'board.statusConfirmed' : s === 'declined' ? 'board.statusDeclined' : 'board.statusPending');
  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
        <Typography variant="h5" component="h1">
          {t('titles.crews')}
        </Typography>
        {planner && (
          <ButtonLink to="/admin/scheduling" variant="outlined" startIcon={<EditCalendarIcon />}>
            {t('crews.openBoard')}
          </ButtonLink>
        )}
      </Stack>
      <Typography color="text.secondary">{t('crews.days')}</Typography>
      {crews.isPending && <CircularProgress aria-label={t('titles.crews')} />}
      {crews.isError && <Alert severity="error">{t('messages.fetchError')}</Alert>}
      {crews.data?.jobs.length === 0 && <Alert severity="info">{t('crews.empty')}</Alert>}
      {crews.data?.jobs.map((job) => (
        <Card key={job.id} variant="outlined" component="section" aria-labelledby={`crew-job-${job.id}`}>
          <CardContent>
            <Typography id={`crew-job-${job.id}`} variant="h6" component="h2">
              {job.label}
            </Typography>
            {job.address && (
              <Typography variant="body2" color="text.secondary">
                {job.address}
              </Typography>
            )}
            <Stack spacing={1} sx={{ mt: 1 }}>
              {days.map((d) => {
                const crew = (crews.data?.entries ?? []).filter((e) => e.jobs_id === job.id && e.date === d);
                return (
                  <Stack key={d} direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0, sm: 2 }}>
                    <Typography sx={{ minWidth: 110, fontWeight: 600 }}>{dayLabel(d, i18n.language)}</Typography>
                    <Typography color={crew.length ? 'text.primary' : 'text.secondary'}>
                      {crew.length
                        ? crew
                            .map((e) => `${names.get(e.employees_id) ?? `#${e.employees_id}`} (${status(e.confirmation_status)})`)
                            .join(', ')
                        : t('crews.nobody')}
                    </Typography>
                  </Stack>
                );
              })}
            </Stack>
          </CardContent>
        </Card>
      ))}
    </Stack>
  );
}
