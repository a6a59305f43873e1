import ConstructionIcon from '@mui/icons-material/Construction';
import { Paper, Stack, Typography } from '@mui/material';
import { useLocation } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../shell/links';
import { pageTitle } from '../../shell/page-title';

/**
 * A route of spec §2 whose area is not built yet: it lives inside the shell with its page title and says so
 * plainly, instead of a 404 or a fake screen. Each area replaces its route's component when it lands.
 */
export function PlaceholderPage() {
  const { t } = useTranslation('shell');
  const pathname = useLocation({ select: (location) => location.pathname });
  const title = pageTitle(pathname);
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, md: 5 }, maxWidth: 640, mx: 'auto', mt: { xs: 1, md: 4 } }}>
      <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center' }}>
        <ConstructionIcon color="primary" sx={{ fontSize: 56 }} aria-hidden />
        <Typography variant="h5" component="h2">
          {t('placeholder.title', { area: title })}
        </Typography>
        <Typography color="text.secondary">{t('placeholder.body')}</Typography>
        <ButtonLink to="/dashboard" variant="outlined">
          {t('placeholder.backToDashboard')}
        </ButtonLink>
      </Stack>
    </Paper>
  );
}
