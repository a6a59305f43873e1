import FileDownloadIcon from '@mui/icons-material/FileDownload';
import { Box, Button, Stack } from '@mui/material';
import { DataGrid, type GridColDef, type GridPaginationModel } from '@mui/x-data-grid';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { RetryAlert } from '../../../components/retry-alert';
import { dataGridLocaleText } from '../../../lib/data-grid';
import { formatDay, localToday } from '../../../lib/dates';
import { useSnackbar } from '../../../shell/snackbar';
import { fetchAllReceipts, type Receipt, receiptPageQueryOptions } from '../api/queries';
import { csvFileName, downloadCsv, receiptCsvTable } from '../lib/csv';
import { type ReceiptFilters, sameFilters } from '../lib/filters';
import { formatMoney } from '../lib/money';
import { ReceiptThumb, StatusLabel } from './receipt-card';
import { ReceiptFilterFields } from './receipt-filter-fields';
import type { ReceiptLookups } from './use-receipt-lookups';

const PAGE_SIZES = [25, 50, 100];

interface ReceiptsGridProps {
  tenant: string;
  filters: ReceiptFilters;
  onFilters: (filters: ReceiptFilters, options?: { typing?: 'from' | 'to' }) => void;
  lookups: ReceiptLookups;
  onOpen: (receipt: Receipt) => void;
  actions?: ReactNode;
}

/** Everyone's receipts for receipts admins on a desktop: filters, a server-paged grid and the CSV export. */
export function ReceiptsGrid({ tenant, filters, onFilters, lookups, onOpen, actions }: ReceiptsGridProps) {
  const { t, i18n } = useTranslation('receipts');
  const snackbar = useSnackbar();
  const [pagination, setPagination] = useState<GridPaginationModel>({ page: 0, pageSize: PAGE_SIZES[0] as number });
  // tokens[n] opens page n; page 0 needs none. A change of filters (here, or from the address: Back, a link) starts over.
  const [tokens, setTokens] = useState<(string | null)[]>([null]);
  const [pagedFilters, setPagedFilters] = useState(filters);
  if (!sameFilters(pagedFilters, filters)) {
    setPagedFilters(filters);
    setTokens([null]);
    if (pagination.page !== 0) setPagination((prev) => ({ ...prev, page: 0 }));
  }
  const [exporting, setExporting] = useState(false);
  const page = useQuery({
    ...receiptPageQueryOptions(tenant, filters, pagination.pageSize, tokens[pagination.page] ?? null),
    placeholderData: keepPreviousData,
  });
  useEffect(() => {
    if (page.isError) snackbar.show({ color: 'error', message: t('messages.fetchError') });
  }, [page.isError, snackbar, t]);

  const nextToken = page.data?.nextToken ?? null;
  useEffect(() => {
    if (page.isPlaceholderData) return;
    setTokens((prev) => {
      if (prev[pagination.page + 1] === nextToken) return prev;
      const next = prev.slice(0, pagination.page + 1);
      next[pagination.page + 1] = nextToken;
      return next;
    });
  }, [nextToken, pagination.page, page.isPlaceholderData]);

  const columns = useMemo<GridColDef<Receipt>[]>(() => {
    const jobCell = (r: Receipt) =>
      r.splits.length > 0 ? t('list.splitJobs', { count: r.splits.length }) : lookups.jobName(r.jobs_id, r.job_label);
    const codeCell = (r: Receipt) => (r.splits.length > 0 ? '' : lookups.codeName(r.costcodes_id));
    return [
      {
        field: 'thumbnail',
        headerName: t('grid.photo'),
        width: 72,
        sortable: false,
        renderCell: ({ row }) => (
          <Box sx={{ height: '100%', display: 'flex', alignItems: 'center' }}>
            <ReceiptThumb receipt={row} size={40} />
          </Box>
        ),
      },
      {
        field: 'receipt_date',
        headerName: t('form.date'),
        width: 130,
        sortable: false,
        valueFormatter: (v: string) => formatDay(v, i18n.language),
      },
      { field: 'employee_name', headerName: t('form.person'), flex: 1, minWidth: 150, sortable: false, valueGetter: (v) => v ?? '' },
      { field: 'job', headerName: t('form.job'), flex: 1.4, minWidth: 200, sortable: false, valueGetter: (_v, row) => jobCell(row) },
      {
        field: 'costcode',
        headerName: t('form.costcode'),
        flex: 1,
        minWidth: 150,
        sortable: false,
        valueGetter: (_v, row) => codeCell(row),
      },
      { field: 'vendor', headerName: t('form.vendor'), flex: 1, minWidth: 140, sortable: false, valueGetter: (v) => v ?? '' },
      {
        field: 'amount_cents',
        headerName: t('form.amount'),
        width: 120,
        sortable: false,
        align: 'right',
        headerAlign: 'right',
        valueFormatter: (v: number) => formatMoney(v, i18n.language),
      },
      {
        field: 'status',
        headerName: t('grid.status'),
        width: 110,
        sortable: false,
        renderCell: ({ row }) => (
          <Box sx={{ height: '100%', display: 'flex', alignItems: 'center' }}>
            <StatusLabel status={row.status} />
          </Box>
        ),
      },
    ];
  }, [t, i18n.language, lookups]);

  const exportCsv = async () => {
    setExporting(true);
    try {
      const all = await fetchAllReceipts(tenant, filters);
      const table = receiptCsvTable(all, {
        header: (c) => t(`csv.${c}`),
        job: (id, r) => lookups.jobName(id, id === r.jobs_id ? r.job_label : null),
        costcode: (id) => lookups.codeName(id),
        paymentMethod: (m) => (m ? t(`payment.${m}` as 'payment.card') : ''),
        status: (s) => (s === 1 ? t('status.active') : t('status.archived')),
        origin: window.location.origin,
      });
      downloadCsv(table, csvFileName(localToday()));
    } catch (error) {
      console.error('receipts export failed', error);
      snackbar.show({ color: 'error', message: t('messages.fetchError') });
    } finally {
      setExporting(false);
    }
  };

  return (
    <Stack spacing={2}>
      <PageHeader title={t('list.everyone')}>
        <Button variant="outlined" startIcon={<FileDownloadIcon />} onClick={() => void exportCsv()} loading={exporting}>
          {t('grid.export')}
        </Button>
        {actions}
      </PageHeader>
      <ReceiptFilterFields
        layout="row"
        filters={filters}
        lookups={lookups}
        onChange={(patch) => {
          const typing = patch.from !== undefined ? 'from' : patch.to !== undefined ? 'to' : undefined;
          onFilters({ ...filters, ...patch }, { typing });
        }}
      />
      {page.isError && (
        <RetryAlert retryLabel={t('list.retry')} onRetry={() => void page.refetch()}>
          {t('messages.fetchError')}
        </RetryAlert>
      )}
      <DataGrid
        aria-label={t('list.label')}
        rows={page.data?.items ?? []}
        columns={columns}
        loading={page.isFetching}
        autoHeight
        rowHeight={56}
        disableRowSelectionOnClick
        disableEval
        disableColumnFilter
        disableColumnMenu
        onRowClick={({ row }) => onOpen(row)}
        onCellKeyDown={({ row }, event) => {
          if (event.key === 'Enter') onOpen(row);
        }}
        pageSizeOptions={PAGE_SIZES}
        paginationMode="server"
        rowCount={nextToken ? -1 : pagination.page * pagination.pageSize + (page.data?.items.length ?? 0)}
        paginationMeta={{ hasNextPage: Boolean(nextToken) && !page.isPlaceholderData }}
        paginationModel={pagination}
        onPaginationModelChange={(model) => {
          if (model.pageSize !== pagination.pageSize) {
            setTokens([null]);
            setPagination({ page: 0, pageSize: model.pageSize });
          } else setPagination(model);
        }}
        localeText={{
          ...dataGridLocaleText(i18n.language),
          noRowsLabel: t('list.emptyGrid'),
        }}
        sx={{ '& .MuiDataGrid-row': { cursor: 'pointer' }, bgcolor: 'background.paper' }}
      />
    </Stack>
  );
}
