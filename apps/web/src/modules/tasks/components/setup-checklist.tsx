import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import { Card, CardContent, LinearProgress, Link, List, ListItem, ListItemIcon, ListItemText, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { setupQueryOptions } from '../api/tasks-api';

const WHERE: Record<string, string> = {
  add_people: '/admin/people',
  add_job: '/admin/projects',
  add_costcodes: '/admin/projects',
  invite_foreman: '/admin/projects',
};

/**
 * Spec "setup checklist": a new company's first steps for its admins, ticked from the company's own data (people,
 * a job, cost codes, an invited foreman on a job). Hidden once every step is done.
 */
export function SetupChecklist({ tenant }: { tenant: string }) {
  const { t } = useTranslation('tasks');
  const steps = useQuery(setupQueryOptions(tenant));
  const list = steps.data ?? [];
  const done = list.filter((s) => s.done).length;
  if (!steps.data || done === list.length) return null;
  return (
    <Card variant="outlined" component="section" aria-labelledby="setup-title">
      <CardContent>
        <Typography id="setup-title" variant="h6" component="h2">
          {t('setup.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('setup.progress', { done, total: list.length })}
        </Typography>
        <LinearProgress variant="determinate" value={(done / list.length) * 100} sx={{ my: 1 }} aria-hidden />
        <List dense>
          {list.map((s) => (
            <ListItem key={s.key} disableGutters>
              <ListItemIcon sx={{ minWidth: 32 }}>
                {s.done ? (
                  <CheckCircleIcon color="success" titleAccess={t('setup.done')} />
                ) : (
                  <RadioButtonUncheckedIcon color="disabled" titleAccess={t('setup.todo')} />
                )}
              </ListItemIcon>
              <ListItemText
                primary={
                  s.done ? (
                    t(`setup.steps.${s.key}` as 'setup.steps.add_job')
                  ) : (
                    <Link component={RouterLink} to={WHERE[s.key] ?? '/dashboard'}>
                      {t(`setup.steps.${s.key}` as 'setup.steps.add_job')}
                    </Link>
                  )
                }
              />
            </ListItem>
          ))}
        </List>
      </CardContent>
    </Card>
  );
}
