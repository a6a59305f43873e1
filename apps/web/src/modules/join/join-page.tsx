import { JOIN_CODE, type JoinAnswer, type JoinFields, joinFields } from '@groundwork/core/join';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Avatar, Box, Button, LinearProgress, Link, Stack, TextField, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { AuthCard } from '../../auth/auth-card';
import { CLAIMS_QUERY_KEY, useClaims, useSignOut } from '../../auth/session';
import { askToJoin, JoinError, joinCompanyQueryOptions } from './api';
import { clearPendingJoin, readPendingJoin, storePendingJoin } from './join-storage';

/** The company's initials, for the header when it has no logo. */
const initials = (company: string) =>
  company
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase())
    .join('');

/**
 * Spec §2 "a sign-up page specific to one organisation" (issue 26): /join?company=<code>. It shows the company's name
 * and logo, takes the person's name, and sends them through the normal sign-up or sign-in; back here (by way of
 * /select-tenant) their request is sent and they see that it waits for approval. It never shows the company's people.
 */
export function JoinPage() {
  const code = useSearch({ strict: false, select: (s) => (s as { company?: unknown }).company });
  const valid = typeof code === 'string' && JOIN_CODE.test(code);
  return valid ? <JoinCompany code={code} /> : <InvalidLink />;
}

function InvalidLink() {
  const { t } = useTranslation('join');
  return (
    <AuthCard title={t('page.invalidTitle')}>
      <Alert severity="error">{t('page.invalid')}</Alert>
      <Link href="/">{t('page.home')}</Link>
    </AuthCard>
  );
}

function JoinCompany({ code }: { code: string }) {
  const { t } = useTranslation('join');
  const company = useQuery(joinCompanyQueryOptions(code));
  if (company.isPending) {
    return (
      <AuthCard title={t('page.loading')}>
        <LinearProgress aria-label={t('page.loading')} />
      </AuthCard>
    );
  }
  if (company.isError) {
    const error = company.error;
    if (error instanceof JoinError && error.status === 429) {
      return (
        <AuthCard title={t('page.invalidTitle')}>
          <Alert severity="warning">{t('errors.tooMany')}</Alert>
        </AuthCard>
      );
    }
    return <InvalidLink />;
  }
  return <JoinForm code={code} company={company.data.company} logo={company.data.logo} />;
}

function CompanyHeader({ company, logo }: { company: string; logo: string | null }) {
  const { t } = useTranslation('join');
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
      {logo ? (
        <Box component="img" src={logo} alt={t('page.logoAlt', { company })} sx={{ width: 56, height: 56, objectFit: 'contain' }} />
      ) : (
        <Avatar aria-hidden sx={{ width: 56, height: 56, bgcolor: 'text.primary', color: 'background.paper', fontWeight: 700 }}>
          {initials(company)}
        </Avatar>
      )}
      <Typography variant="h5" component="p" sx={{ fontWeight: 700 }} data-testid="join-company">
        {company}
      </Typography>
    </Stack>
  );
}

function fieldError(t: ReturnType<typeof useTranslation<'join'>>['t'], message: string | undefined): string | undefined {
  if (!message) return undefined;
  const max = /^You must enter a maximum of (\d+) characters$/.exec(message);
  if (max) return t('errors.max', { count: Number(max[1]) });
  return t('errors.required');
}

function JoinForm({ code, company, logo }: { code: string; company: string; logo: string | null }) {
  const { t } = useTranslation('join');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const claims = useClaims();
  const signOut = useSignOut();
  const pending = readPendingJoin();
  const resumed = pending?.code === code ? pending : null;
  const [result, setResult] = useState<JoinAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { register, handleSubmit, formState, getValues } = useForm<JoinFields>({
    mode: 'onTouched',
    resolver: zodResolver(joinFields),
    defaultValues: { firstname: resumed?.firstname ?? '', lastname: resumed?.lastname ?? '' },
  });
  const signedIn = Boolean(claims.data);
  const username = claims.data?.username;

  const send = async (fields: JoinFields) => {
    setError(null);
    try {
      const answer = await askToJoin(code, fields);
      clearPendingJoin();
      if (answer.status !== 'pending') queryClient.removeQueries({ queryKey: CLAIMS_QUERY_KEY });
      setResult(answer);
    } catch (e) {
      const status = e instanceof JoinError ? e.status : 0;
      if (status === 404) clearPendingJoin();
      setError(
        status === 429
          ? t('errors.tooMany')
          : status === 404
            ? t('page.invalid')
            : status === 401
              ? t('errors.signIn')
              : t('errors.failed'),
      );
    }
  };

  // Back from sign-up or sign-in with the name given before: the request goes once, without another click.
  const resumedOnce = useRef(false);
  useEffect(() => {
    if (!signedIn || !resumed || resumedOnce.current) return;
    resumedOnce.current = true;
    void send({ firstname: resumed.firstname, lastname: resumed.lastname });
  });

  const leaveFor = (route: '/sign-up' | '/login') =>
    handleSubmit((fields) => {
      storePendingJoin({ code, ...fields });
      void navigate({ to: route, ...(route === '/sign-up' ? { search: { step: 0 } } : {}) } as never);
    })();

  if (result) {
    const waiting = result.status === 'pending';
    return (
      <AuthCard title={waiting ? t('page.waitingTitle') : t('page.approvedTitle')}>
        <CompanyHeader company={company} logo={logo} />
        <Alert severity={waiting ? 'info' : 'success'} role="status">
          {waiting
            ? t('page.waitingBody', { company })
            : result.status === 'approved'
              ? t('page.approvedBody', { company })
              : t('page.memberBody', { company })}
        </Alert>
        {!waiting && (
          <Button variant="contained" size="large" onClick={() => void navigate({ to: '/select-tenant' })}>
            {t('page.continue')}
          </Button>
        )}
      </AuthCard>
    );
  }

  const sending = formState.isSubmitting || (signedIn && Boolean(resumed) && !error);
  return (
    <AuthCard title={t('page.title', { company })}>
      <CompanyHeader company={company} logo={logo} />
      <Typography>{t('page.intro', { company })}</Typography>
      {error && (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      )}
      <Stack
        component="form"
        noValidate
        spacing={2}
        aria-label={t('page.title', { company })}
        onSubmit={(event) => {
          event.preventDefault();
          if (signedIn) void handleSubmit(send)();
          else void leaveFor('/sign-up');
        }}
      >
        <Typography variant="subtitle2" component="p">
          {t('page.nameLegend')}
        </Typography>
        <TextField
          {...register('firstname')}
          label={t('page.firstname')}
          autoComplete="given-name"
          required
          error={Boolean(formState.errors.firstname)}
          helperText={fieldError(t, formState.errors.firstname?.message) ?? ' '}
          fullWidth
        />
        <TextField
          {...register('lastname')}
          label={t('page.lastname')}
          autoComplete="family-name"
          required
          error={Boolean(formState.errors.lastname)}
          helperText={fieldError(t, formState.errors.lastname?.message) ?? ' '}
          fullWidth
        />
        {claims.isPending ? (
          <LinearProgress aria-label={t('page.loading')} />
        ) : signedIn ? (
          <>
            <Typography variant="body2">{t('page.signedInAs', { username })}</Typography>
            <Button type="submit" variant="contained" size="large" loading={sending}>
              {t('page.ask')}
            </Button>
            <Button
              color="secondary"
              onClick={() => {
                storePendingJoin({ code, ...getValues() });
                void signOut().then(() => storePendingJoin({ code, ...getValues() }));
              }}
              sx={{ alignSelf: 'flex-start' }}
            >
              {t('page.notYou')}
            </Button>
          </>
        ) : (
          <>
            <Button type="submit" variant="contained" size="large">
              {t('page.signUp')}
            </Button>
            <Button variant="outlined" size="large" onClick={() => void leaveFor('/login')}>
              {t('page.signIn')}
            </Button>
          </>
        )}
      </Stack>
    </AuthCard>
  );
}
