import { Box, Card, CardContent, Stack, Typography, useMediaQuery } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../shell/use-document-title';

// Spec §9: the sign-in screens switch to their mobile layout under 501 px.
const AUTH_MOBILE_QUERY = '(max-width:500.98px)';

interface AuthCardProps {
  title: string;
  children: ReactNode;
}

/** Sign-in screens: a full-width sheet on phones, a centred card with the product name on wider screens. */
export function AuthCard({ title, children }: AuthCardProps) {
  const { t } = useTranslation('auth');
  const mobile = useMediaQuery(AUTH_MOBILE_QUERY, { noSsr: true });
  useDocumentTitle(title);
  const body = (
    <Stack spacing={2.5}>
      <Typography variant="h6" component="h2">
        {title}
      </Typography>
      {children}
    </Stack>
  );
  const product = (
    <Typography variant={mobile ? 'h5' : 'h4'} component="h1" sx={{ fontWeight: 700, textAlign: 'center' }}>
      {t('card.product')}
    </Typography>
  );
  if (mobile) {
    return (
      <Box data-testid="auth-mobile" sx={{ width: '100%', px: 2, py: 3 }}>
        <Stack spacing={3}>
          {product}
          {body}
        </Stack>
      </Box>
    );
  }
  return (
    <Box sx={{ flex: 1, display: 'flex', alignItems: 'center', justifyContent: 'center', p: 3 }}>
      <Stack spacing={3} sx={{ width: '100%', maxWidth: 440 }}>
        {product}
        <Card variant="outlined" data-testid="auth-desktop">
          <CardContent sx={{ p: 4 }}>{body}</CardContent>
        </Card>
      </Stack>
    </Box>
  );
}
