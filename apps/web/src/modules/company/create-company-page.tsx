import { Alert, Button, Stack, TextField, Typography } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AuthCard } from '../../auth/auth-card';
import { writeSelectedTenant } from '../../auth/auth-storage';
import { CLAIMS_QUERY_KEY } from '../../auth/session';
import { GraphQLRequestError } from '../../lib/graphql';
import { identityCall } from '../../lib/identity-client';
import { refusalText } from '../../lib/refusals';
import { ButtonLink } from '../../shell/links';
import { createTenant } from './api/mutations';
import { readableErrorSx } from './components/readable-error';

const MAX_COMPANY = 120;

/**
 * Issue 4: a signed-in person creates a company and becomes its first admin (createTenant), then works in it
 * (the identity SelectTenant action, as /select-tenant does) from the dashboard.
 */
export function CreateCompanyPage() {
  const { t } = useTranslation('company');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [company, setCompany] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const trimmed = company.trim();
  const problem = !trimmed ? t('validation.required') : trimmed.length > MAX_COMPANY ? t('validation.max', { count: MAX_COMPANY }) : null;

  const create = useMutation({
    mutationFn: async () => {
      const tenant = await createTenant(trimmed);
      try {
        const claims = await identityCall('SelectTenant', { tenant_uuid: tenant.tenant_uuid });
        writeSelectedTenant(tenant.tenant_uuid);
        queryClient.setQueryData(CLAIMS_QUERY_KEY, claims);
        return { selected: true };
      } catch {
        // The company exists; only choosing it failed. /select-tenant lists it.
        await queryClient.invalidateQueries({ queryKey: CLAIMS_QUERY_KEY });
        return { selected: false };
      }
    },
    onSuccess: ({ selected }) => {
      void navigate(selected ? { to: '/dashboard' } : { to: '/select-tenant' });
    },
    onError: (error) => {
      setFailure(error instanceof GraphQLRequestError && error.code === 'VALIDATION' ? refusalText(t, error) : t('create.failed'));
    },
  });

  return (
    <AuthCard title={t('create.title')}>
      <Typography>{t('create.body')}</Typography>
      {failure && (
        <Alert severity="error" role="alert">
          {failure}
        </Alert>
      )}
      <Stack
        component="form"
        spacing={2}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setSubmitted(true);
          setFailure(null);
          if (!problem) create.mutate();
        }}
      >
        <TextField
          label={t('create.companyLabel')}
          value={company}
          onChange={(event) => setCompany(event.target.value)}
          required
          autoFocus
          autoComplete="organization"
          error={submitted && problem !== null}
          helperText={(submitted && problem) || ' '}
          sx={readableErrorSx}
        />
        <Button type="submit" variant="contained" size="large" loading={create.isPending}>
          {t('create.submit')}
        </Button>
      </Stack>
      <ButtonLink to="/select-tenant" variant="text" color="secondary" sx={{ alignSelf: 'flex-start' }}>
        {t('create.back')}
      </ButtonLink>
    </AuthCard>
  );
}
