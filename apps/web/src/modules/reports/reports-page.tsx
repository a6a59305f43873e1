import { Box, Button, Card, CardActionArea, CardContent, Stack, Typography } from '@mui/material';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { CardGrid } from '../../components/list-states';
import { TenantGate } from '../../components/tenant-gate';
import { ReportView } from './report-view';
import { REPORT_KEYS, type ReportKey, type ReportsSearch } from './search';

/** /admin/reports: the report catalogue; ?report=… opens one with its filters, chart, table and exports. */
export function ReportsPage() {
  const { t } = useTranslation('reports');
  const search = useSearch({ strict: false }) as ReportsSearch;
  const navigate = useNavigate();
  const open = (report: ReportKey | undefined) => void navigate({ to: '.', search: report ? { report } : {} });
  return (
    <Stack spacing={2}>
      {/* The app bar holds the page's h1 ("Reports"); the catalogue or the open report is the h2 under it. */}
      <Typography variant="h5" component="h2">
        {search.report ? t(`reports.${search.report}.title`) : t('title')}
      </Typography>
      <TenantGate noTenant={t('noTenant')}>
        {(tenant) =>
          search.report ? (
            <>
              <Box>
                <Button onClick={() => open(undefined)}>{t('back')}</Button>
              </Box>
              <ReportView tenant={tenant} report={search.report} search={search} />
            </>
          ) : (
            <Catalogue onOpen={open} />
          )
        }
      </TenantGate>
    </Stack>
  );
}

function Catalogue({ onOpen }: { onOpen: (report: ReportKey) => void }) {
  const { t } = useTranslation('reports');
  return (
    <CardGrid label={t('catalogue')} gap={2} columns={{ xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' }}>
      {REPORT_KEYS.map((key) => (
        <Card component="li" key={key} variant="outlined">
          <CardActionArea onClick={() => onOpen(key)} sx={{ height: '100%', alignItems: 'flex-start' }}>
            <CardContent>
              <Typography variant="h6" component="h3">
                {t(`reports.${key}.title`)}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {t(`reports.${key}.description`)}
              </Typography>
            </CardContent>
          </CardActionArea>
        </Card>
      ))}
    </CardGrid>
  );
}
