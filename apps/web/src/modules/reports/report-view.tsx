import { Alert, Box, Button, ButtonGroup, LinearProgress, Stack, Typography } from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadBlob, downloadCsvTable, downloadXlsxSheets } from '../../lib/export-files';
import { GraphQLRequestError } from '../../lib/graphql';
import { refusalText } from '../../lib/refusals';
import { useSearchChange } from '../../lib/search-change';
import { useSnackbar } from '../../shell/snackbar';
import { fetchAllRows, fetchReport, fetchReportPdf, filterOf } from './api';
import { columnsOf, exportTable } from './columns';
import { ReportFilters } from './report-filters';
import { ReportTable } from './report-table';
import type { ReportKey, ReportsSearch } from './search';

// The charts library is large: it comes with the first report opened, never with the catalogue.
const ReportChart = lazy(() => import('./report-chart'));

/** Today in the person's time zone, as YYYY-MM-DD. */
function localDay(offsetDays = 0): string {
  const d = new Date();
  d.setDate(d.getDate() + offsetDays);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

interface Props {
  tenant: string;
  report: ReportKey;
  search: ReportsSearch;
}

export function ReportView({ tenant, report, search }: Props) {
  const { t, i18n } = useTranslation('reports');
  const snackbar = useSnackbar();
  // Reports over a window: the last two weeks unless the query keys say otherwise.
  const defaults = report === 'hours' || report === 'schedule' || report === 'tools' ? { from: localDay(-13), to: localDay() } : {};
  const filter = filterOf(report, { ...defaults, ...search });
  const filterKey = JSON.stringify(filter);
  const [rowsPerPage, setRowsPerPage] = useState(25);
  const [paging, setPaging] = useState<{ key: string; page: number; tokens: (string | null)[] }>({ key: '', page: 0, tokens: [null] });
  const current = paging.key === `${filterKey}|${rowsPerPage}` ? paging : { key: `${filterKey}|${rowsPerPage}`, page: 0, tokens: [null] };
  const token = current.tokens[current.page] ?? null;

  const result = useQuery({
    queryKey: ['reports', tenant, report, filterKey, rowsPerPage, token],
    queryFn: () => fetchReport(report, { tenant_uuid: tenant, filter, limit: rowsPerPage, nextToken: token }),
    placeholderData: keepPreviousData,
  });
  const failure = result.error instanceof GraphQLRequestError ? refusalText(t, result.error) : t('messages.fetchError');
  useEffect(() => {
    if (result.isError) snackbar.show({ color: 'error', message: failure });
  }, [result.isError, failure, snackbar]);

  const group = report === 'labor_budget' ? (search.group ?? 'job') : '';
  const columns = columnsOf(report, group);
  const changeSearch = useSearchChange<ReportsSearch>();
  const change = (patch: Partial<ReportsSearch>) => changeSearch({ ...patch, report });
  const base = `${report}-${localDay()}`;

  const exportRows = async (kind: 'csv' | 'xlsx' | 'pdf') => {
    try {
      if (kind === 'pdf') {
        const b64 = await fetchReportPdf(report, tenant, filter, i18n.language.startsWith('es') ? 'es' : 'en');
        const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
        downloadBlob(new Blob([bytes], { type: 'application/pdf' }), `${base}.pdf`);
      } else {
        const table = exportTable(columns, await fetchAllRows(report, tenant, filter), t, i18n.language);
        if (kind === 'csv') downloadCsvTable(table, `${base}.csv`);
        else await downloadXlsxSheets([{ name: t(`reports.${report}.title`), table }], `${base}.xlsx`);
      }
      snackbar.show({ color: 'success', message: t('messages.exported') });
    } catch {
      snackbar.show({ color: 'error', message: t('messages.exportFailed') });
    }
  };

  const data = result.data;
  return (
    <Stack spacing={2}>
      <Typography color="text.secondary">{t(`reports.${report}.description`)}</Typography>
      <ReportFilters tenant={tenant} report={report} search={search} defaults={defaults} onChange={change} />
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <ButtonGroup variant="outlined" aria-label={t('exports.label')} disabled={!data}>
          <Button onClick={() => exportRows('csv')}>{t('exports.csv')}</Button>
          <Button onClick={() => exportRows('xlsx')}>{t('exports.excel')}</Button>
          <Button onClick={() => exportRows('pdf')}>{t('exports.pdf')}</Button>
        </ButtonGroup>
        {data && 'period_start' in data && <Typography>{t('period', { start: data.period_start, end: data.period_end })}</Typography>}
      </Stack>
      {result.isFetching && <LinearProgress aria-label={t('loading')} />}
      {result.isError && <Alert severity="error">{failure}</Alert>}
      {data && (
        <>
          <Suspense fallback={<Box sx={{ height: 280 }} />}>
            <ReportChart report={report} result={data} />
          </Suspense>
          <ReportTable
            report={report}
            columns={columns}
            result={data}
            page={current.page}
            rowsPerPage={rowsPerPage}
            onPage={(page) => {
              const tokens = [...current.tokens];
              if (page > current.page) tokens[page] = data.nextToken ?? null;
              setPaging({ ...current, page, tokens });
            }}
            onRowsPerPage={setRowsPerPage}
          />
          {'group_by' in data && <Typography variant="caption">{t('forecastNote', { today: data.today })}</Typography>}
          {'weeks' in data && <Typography variant="caption">{t('overtimeNote')}</Typography>}
          {report === 'spend' && <Typography variant="caption">{t('spendNote')}</Typography>}
          {report === 'schedule' && <Typography variant="caption">{t('scheduleNote')}</Typography>}
          {report === 'tools' && <Typography variant="caption">{t('toolsNote')}</Typography>}
        </>
      )}
    </Stack>
  );
}
