import ConstructionIcon from '@mui/icons-material/Construction';
import { Paper, Stack, Typography } from '@mui/material';
import { useLocation } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../shell/links';
import { navigationTitleKey } from '../../shell/navigation';
import { pageTitle } from '../../shell/page-title';

/**
 * A route of spec §2 whose area is not built yet: it lives inside the shell with its page title and says so
 * plainly, instead of a 404 or a fake screen. Each area replaces its route's component when it lands.
 */
export function PlaceholderPage() {
  const { t, i18n } = useTranslation('shell');
  const pathname = useLocation({ select: (location) => location.pathname });
  // The area's menu name in the reader's language; the spec's title of the path otherwise.
  const key = navigationTitleKey(pathname);
  const title = i18n.exists(key, { ns: 'shell' }) ? (t(key as never) as string) : pageTitle(pathname);
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
