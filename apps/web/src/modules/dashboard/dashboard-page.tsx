import { Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { PeopleList } from '../people/components/people-list';

export function DashboardPage() {
  const { t } = useTranslation();
  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h2">
        {t('people.title')}
      </Typography>
      <PeopleList />
    </Stack>
  );
}
