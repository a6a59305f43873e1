import { REPORT_PAGE_MAX } from '@groundwork/core/people-report';
import AccountTreeIcon from '@mui/icons-material/AccountTree';
import DownloadIcon from '@mui/icons-material/Download';
import {
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RetryAlert } from '../../components/retry-alert';
import { TenantGate } from '../../components/tenant-gate';
import { downloadCsvTable, downloadXlsxSheets } from '../../lib/export-files';
import { ButtonLink } from '../../shell/links';
import { useSnackbar } from '../../shell/snackbar';
import { type PeopleReport, peopleReport, type ReportPerson } from './api';
import { csvTable, exportTables, groupLabel, SECTIONS, type Section, sectionRows } from './report-export';
import { ReportList } from './report-lists';

const PAGE = 25;

/** /reports/people-report (issue 27): the people directory as a report, for admins. */
export function PeopleReportPage() {
  const { t } = useTranslation('people-report');
  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
        <Box>
          <Typography variant="h5" component="h2">
            {t('title')}
          </Typography>
          <Typography color="text.secondary">{t('subtitle')}</Typography>
        </Box>
        <ButtonLink to="/reports/graph" startIcon={<AccountTreeIcon />} variant="outlined">
          {t('openGraph')}
        </ButtonLink>
      </Stack>
      <TenantGate noTenant={t('noTenant')}>{(tenant) => <Report tenant={tenant} />}</TenantGate>
    </Stack>
  );
}

function Report({ tenant }: { tenant: string }) {
  const { t } = useTranslation('people-report');
  const [missingOffset, setMissingOffset] = useState(0);
  const [inactiveOffset, setInactiveOffset] = useState(0);
  const query = useQuery({
    queryKey: ['people-report', tenant, missingOffset, inactiveOffset],
    queryFn: () => peopleReport({ tenant_uuid: tenant, limit: PAGE, missing_offset: missingOffset, inactive_offset: inactiveOffset }),
    placeholderData: keepPreviousData,
  });
  if (query.isPending) {
    return (
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} role="status">
        <CircularProgress size={20} />
        <Typography>{t('loading')}</Typography>
      </Stack>
    );
  }
  if (query.isError) {
    return (
      <RetryAlert retryLabel={t('retry')} onRetry={() => query.refetch()}>
        {t('fetchError')}
      </RetryAlert>
    );
  }
  const r = query.data;
  return (
    <Stack spacing={2}>
      <ExportButtons tenant={tenant} report={r} />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' } }}>
        <SummaryCard label={t('summary.total')} value={r.total} />
        <SummaryCard label={t('summary.active')} value={r.active} />
        <SummaryCard label={t('summary.missing')} value={r.missing_contact.total} />
        <SummaryCard label={t('summary.inactive', { days: r.inactive_days })} value={r.inactive.total} />
      </Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' } }}>
        {SECTIONS.map((s) => (
          <GroupTable key={s} section={s} report={r} />
        ))}
      </Box>
      <ReportList
        title={t('lists.missingTitle')}
        empty={t('lists.missingEmpty')}
        page={r.missing_contact}
        offset={missingOffset}
        limit={PAGE}
        onOffset={setMissingOffset}
        column="missing"
      />
      <ReportList
        title={t('lists.inactiveTitle', { days: r.inactive_days })}
        note={t('lists.inactiveNote')}
        empty={t('lists.inactiveEmpty', { days: r.inactive_days })}
        page={r.inactive}
        offset={inactiveOffset}
        limit={PAGE}
        onOffset={setInactiveOffset}
        column="lastSeen"
      />
    </Stack>
  );
}

function SummaryCard({ label, value }: { label: string; value: number }) {
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h4" component="p">
          {value}
        </Typography>
        <Typography color="text.secondary">{label}</Typography>
      </CardContent>
    </Card>
  );
}

function GroupTable({ section, report }: { section: Section; report: PeopleReport }) {
  const { t } = useTranslation('people-report');
  const rows = sectionRows(report, section);
  const headingId = `people-report-by-${section}`;
  return (
    <Card variant="outlined" component="section" aria-labelledby={headingId}>
      <CardContent>
        <Typography id={headingId} variant="h6" component="h3" gutterBottom>
          {t(`groups.${section}`)}
        </Typography>
        {rows.length === 0 ? (
          <Typography color="text.secondary">{t('groups.empty')}</Typography>
        ) : (
          <Table size="small" aria-labelledby={headingId}>
            <TableHead>
              <TableRow>
                <TableCell>{t('groups.group')}</TableCell>
                <TableCell align="right">{t('groups.count')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((c) => (
                <TableRow key={c.key}>
                  <TableCell>{groupLabel(t, section, c)}</TableCell>
                  <TableCell align="right">{c.count}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}

/** Both lists in full for an export: pages of the largest size until the server says there is no more. */
async function wholeLists(tenant: string): Promise<{ missing: ReportPerson[]; inactive: ReportPerson[] }> {
  const missing: ReportPerson[] = [];
  const inactive: ReportPerson[] = [];
  let mo: number | null = 0;
  let io: number | null = 0;
  while (mo != null || io != null) {
    const r = await peopleReport({ tenant_uuid: tenant, limit: REPORT_PAGE_MAX, missing_offset: mo ?? 0, inactive_offset: io ?? 0 });
    if (mo != null) missing.push(...r.missing_contact.items);
    if (io != null) inactive.push(...r.inactive.items);
    mo = mo != null ? r.missing_contact.next_offset : null;
    io = io != null ? r.inactive.next_offset : null;
  }
  return { missing, inactive };
}

function ExportButtons({ tenant, report }: { tenant: string; report: PeopleReport }) {
  const { t, i18n } = useTranslation('people-report');
  const snackbar = useSnackbar();
  const [busy, setBusy] = useState(false);
  const run = async (kind: 'csv' | 'xlsx') => {
    setBusy(true);
    try {
      const lists = await wholeLists(tenant);
      const tables = exportTables(t, report, lists.missing, lists.inactive, i18n.language);
      const name = `people-report-${report.today}.${kind}`;
      if (kind === 'csv') downloadCsvTable(csvTable(t, report, tables), name);
      else {
        await downloadXlsxSheets(
          [
            { name: t('export.sheetSummary'), table: tables.summary },
            { name: t('export.sheetMissing'), table: tables.missing },
            { name: t('export.sheetInactive'), table: tables.inactive },
          ],
          name,
        );
      }
    } catch {
      snackbar.show({ color: 'error', message: t('export.failed') });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack direction="row" spacing={1}>
      <Button variant="outlined" startIcon={<DownloadIcon />} disabled={busy} onClick={() => run('csv')}>
        {t('export.csv')}
      </Button>
      <Button variant="outlined" startIcon={<DownloadIcon />} disabled={busy} onClick={() => run('xlsx')}>
        {t('export.excel')}
      </Button>
    </Stack>
  );
}
