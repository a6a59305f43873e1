import LinkIcon from '@mui/icons-material/Link';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { Box, Card, CardActionArea, CardContent, LinearProgress, Paper, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../app/use-can';
import { CardGrid } from '../../components/list-states';
import { RetryAlert } from '../../components/retry-alert';
import { useTenant } from '../../lib/storage';
import { CustomLinksAdmin } from '../company/custom-links-admin';
import { myLinksQueryOptions } from './api/queries';

/** Spec §2 /modules/external-links: the signed-in person's links, each opening in a new tab. */
export function ExternalLinksPage() {
  const { t } = useTranslation('dashboard');
  const tenant = useTenant();
  // Planting links on anyone's dashboard: customlinks write (everyone else reads their own).
  const canManage = useCan('customlinks', 'write');
  if (!tenant) return null;
  return (
    <Stack spacing={4}>
      <MyLinks tenant={tenant} />
      {canManage && (
        <Paper variant="outlined" component="section" aria-labelledby="manage-links-heading" sx={{ p: 2 }}>
          <Typography id="manage-links-heading" variant="h6" component="h2" sx={{ mb: 1 }}>
            {t('links.manage')}
          </Typography>
          <CustomLinksAdmin tenant={tenant} />
        </Paper>
      )}
    </Stack>
  );
}

function MyLinks({ tenant }: { tenant: string }) {
  const { t } = useTranslation('dashboard');
  const links = useQuery(myLinksQueryOptions(tenant));

  return (
    <Stack component="section" spacing={2} aria-labelledby="my-links-heading">
      <Typography id="my-links-heading" variant="h5" component="h2">
        {t('links.title')}
      </Typography>
      {links.isPending ? (
        <LinearProgress aria-label={t('links.loading')} />
      ) : links.isError ? (
        <RetryAlert retryLabel={t('retry')} onRetry={() => links.refetch()}>
          {t('links.fetchFailed')}
        </RetryAlert>
      ) : links.data.length === 0 ? (
        <Paper variant="outlined" sx={{ p: 3, textAlign: 'center' }}>
          <LinkIcon color="disabled" sx={{ fontSize: 40 }} aria-hidden />
          <Typography>{t('links.empty')}</Typography>
          <Typography variant="body2" color="text.secondary">
            {t('links.emptyHint')}
          </Typography>
        </Paper>
      ) : (
        <CardGrid label={t('links.title')} gap={2} columns="repeat(auto-fill, minmax(240px, 1fr))">
          {links.data.map((link) => (
            <Box component="li" key={link.id}>
              <Card variant="outlined" sx={{ height: '100%' }}>
                <CardActionArea component="a" href={link.url} target="_blank" rel="noopener noreferrer" sx={{ height: '100%' }}>
                  <CardContent>
                    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.5 }}>
                      <LinkIcon color="primary" aria-hidden />
                      <Typography variant="subtitle1" component="span" sx={{ fontWeight: 600, flexGrow: 1, minWidth: 0 }} noWrap>
                        {link.title}
                      </Typography>
                      <OpenInNewIcon fontSize="small" color="action" aria-hidden />
                      <Box component="span" sx={visuallyHidden}>
                        {t('links.opensInNewTab')}
                      </Box>
                    </Stack>
                    <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
                      {hostOf(link.url)}
                    </Typography>
                  </CardContent>
                </CardActionArea>
              </Card>
            </Box>
          ))}
        </CardGrid>
      )}
    </Stack>
  );
}

// Read by screen readers, not shown: the icon says it to sighted people.
const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: 1,
  margin: -1,
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: 1,
} as const;

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}
