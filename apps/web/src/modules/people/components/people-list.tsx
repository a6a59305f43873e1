import { Alert, AlertTitle, LinearProgress, List, ListItem, ListItemText, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { RetryAlert } from '../../../components/retry-alert';
import { GraphQLRequestError } from '../../../lib/graphql';
import { useTenant } from '../../../lib/storage';
import { type Employee, employeesQueryOptions } from '../api/list-employees';

export function PeopleList() {
  const tenantUuid = useTenant();
  return tenantUuid ? <TenantPeopleList tenantUuid={tenantUuid} /> : <SignInRequired />;
}

function TenantPeopleList({ tenantUuid }: { tenantUuid: string }) {
  const { t } = useTranslation();
  const { data, error, isPending, refetch } = useQuery(employeesQueryOptions(tenantUuid));

  if (isPending) return <LinearProgress aria-label={t('app.loading')} />;
  if (error) {
    if (error instanceof GraphQLRequestError && error.code === 'UNAUTHENTICATED') return <SignInRequired />;
    return (
      <RetryAlert retryLabel={t('people.retry')} onRetry={() => refetch()}>
        {t('people.loadFailed')}
      </RetryAlert>
    );
  }
  if (data.items.length === 0) return <Typography>{t('people.empty')}</Typography>;

  return (
    <List>
      {data.items.map((employee) => (
        <ListItem key={employee.id} divider>
          <ListItemText primary={displayName(employee) ?? t('people.unnamed', { id: employee.id })} secondary={employee.email} />
        </ListItem>
      ))}
    </List>
  );
}

function SignInRequired() {
  const { t } = useTranslation();
  return (
    <Alert severity="info">
      <AlertTitle>{t('auth.signInRequired')}</AlertTitle>
      {t('auth.signInRequiredBody')}
    </Alert>
  );
}

function displayName(employee: Employee): string | null {
  const name = [employee.firstname, employee.lastname].filter(Boolean).join(' ');
  return name || employee.username || employee.email || null;
}
