import { Button, Container, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../shell/use-document-title';

export function LandingPage() {
  const { t } = useTranslation();
  useDocumentTitle(null);
  return (
    <Container maxWidth="sm" sx={{ my: 'auto', py: 8 }}>
      <Stack spacing={3} sx={{ alignItems: 'center', textAlign: 'center' }}>
        <Typography variant="h2" component="h1">
          {t('app.name')}
        </Typography>
        <Typography variant="h6" component="p" sx={{ color: 'text.secondary' }}>
          {t('app.pitch')}
        </Typography>
        {/* A plain link until the sign-in issue adds the /login route to the typed route tree. */}
        <Button variant="contained" size="large" href="/login">
          {t('app.signIn')}
        </Button>
      </Stack>
    </Container>
  );
}
