import { Button, Container, Stack, Typography } from '@mui/material';
import type { ErrorComponentProps } from '@tanstack/react-router';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isBot } from '../shell/is-bot';
import { ButtonLink } from '../shell/links';
import { useDocumentTitle } from '../shell/use-document-title';

interface ErrorScreenProps {
  code: number;
  title: string;
  body: string;
  action: ReactNode;
}

function ErrorScreen({ code, title, body, action }: ErrorScreenProps) {
  useDocumentTitle(title);
  return (
    <Container component="main" maxWidth="sm" sx={{ py: 10, textAlign: 'center' }}>
      <Stack spacing={2} sx={{ alignItems: 'center' }}>
        <Typography variant="h2" component="p" sx={{ color: 'text.secondary' }}>
          {code}
        </Typography>
        <Typography variant="h4" component="h1">
          {title}
        </Typography>
        <Typography>{body}</Typography>
        {action}
      </Stack>
    </Container>
  );
}

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <ErrorScreen
      code={404}
      title={t('errors.notFound')}
      body={t('errors.notFoundBody')}
      action={
        <ButtonLink to="/" variant="contained">
          {t('errors.goHome')}
        </ButtonLink>
      }
    />
  );
}

export function ErrorPage({ error }: ErrorComponentProps) {
  const { t } = useTranslation();
  // The screen shows only the generic message; the cause goes to the console for whoever debugs it.
  useEffect(() => console.error(error), [error]);
  // Spec §2: bots get no error page on a fatal error, so a crawler never indexes it as content.
  if (isBot()) return null;
  return (
    <ErrorScreen
      code={500}
      title={t('errors.serverError')}
      body={t('errors.serverErrorBody')}
      action={
        // A full reload, not a reset: after a deploy the failing piece is often a stale lazy chunk.
        <Button variant="contained" onClick={() => window.location.reload()}>
          {t('errors.reload')}
        </Button>
      }
    />
  );
}
