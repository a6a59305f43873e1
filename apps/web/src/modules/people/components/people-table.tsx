import { personName } from '@groundwork/core/names';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import {
  Avatar,
  Box,
  Button,
  Card,
  CardActionArea,
  CardContent,
  Chip,
  LinearProgress,
  Link,
  Stack,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { DataGrid, type GridColDef, type GridPaginationModel } from '@mui/x-data-grid';
import { esES } from '@mui/x-data-grid/locales';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ReactNode, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RetryAlert } from '../../../components/retry-alert';
import { SearchField, StatusSelect } from '../../../components/search-field';
import { formatDay } from '../../../lib/dates';
import { useSnackbar } from '../../../shell/snackbar';
import { everyoneQueryOptions, type Person, peoplePageQueryOptions } from '../api/queries';
import { AVATAR_SX, initials, matchesPerson, parseTrades, signInStatusKey } from '../lib/format';

const MOBILE_QUERY = '(max-width: 599.95px)';
const PAGE_SIZES = [25, 50, 100];

type StatusFilter = 'active' | 'archived';
const STATUS_VALUE: Record<StatusFilter, number> = { active: 1, archived: 0 };

interface PeopleTableProps {
  tenant: string;
  onSelect: (id: number) => void;
  actions?: ReactNode;
}

/**
 * The directory. Browsing reads one server page at a time (keyset nextToken); a text search reads the people of the
 * chosen status and matches name, e-mail, phone and trade here, because the record filters compare whole values.
 */
export function PeopleTable({ tenant, onSelect, actions }: PeopleTableProps) {
  const { t, i18n } = useTranslation('people');
  const snackbar = useSnackbar();
  const mobile = useMediaQuery(MOBILE_QUERY, { noSsr: true });
  const [text, setText] = useState('');
  const searchText = useDeferredValue(text.trim());
  const [status, setStatus] = useState<StatusFilter>('active');
  const [pagination, setPagination] = useState<GridPaginationModel>({ page: 0, pageSize: PAGE_SIZES[0] as number });
  // tokens[n] opens page n; page 0 needs none.
  const [tokens, setTokens] = useState<(string | null)[]>([null]);
  const searching = searchText !== '';
  const statusValue = STATUS_VALUE[status];

  const page = useQuery({
    ...peoplePageQueryOptions(tenant, statusValue, pagination.pageSize, tokens[pagination.page] ?? null),
    enabled: !searching,
    placeholderData: keepPreviousData,
  });
  const everyone = useQuery({ ...everyoneQueryOptions(tenant, statusValue), enabled: searching });
  const active = searching ? everyone : page;

  useEffect(() => {
    if (active.isError) snackbar.show({ color: 'error', message: t('messages.fetchFailed') });
  }, [active.isError, snackbar, t]);

  const nextToken = page.data?.nextToken ?? null;
  useEffect(() => {
    if (searching || page.isPlaceholderData) return;
    setTokens((prev) => {
      if (prev[pagination.page + 1] === nextToken) return prev;
      const next = prev.slice(0, pagination.page + 1);
      next[pagination.page + 1] = nextToken;
      return next;
    });
  }, [nextToken, pagination.page, page.isPlaceholderData, searching]);

  const resetPaging = () => {
    setTokens([null]);
    setPagination((prev) => ({ ...prev, page: 0 }));
  };

  const rows: Person[] = useMemo(() => {
    if (searching) return (everyone.data ?? []).filter((p) => matchesPerson(p, searchText));
    return page.data?.items ?? [];
  }, [searching, everyone.data, searchText, page.data]);

  const columns = useMemo<GridColDef<Person>[]>(
    () => [
      {
        field: 'name',
        headerName: t('fields.name'),
        flex: 1,
        minWidth: 200,
        sortable: false,
        valueGetter: (_value, row) => personName(row),
        renderCell: ({ row }) => (
          <Link component="button" type="button" onClick={() => onSelect(row.id)} sx={{ textAlign: 'left' }}>
            {personName(row)}
          </Link>
        ),
      },
      { field: 'email', headerName: t('fields.email'), flex: 1, minWidth: 200, sortable: false, valueGetter: (v) => v ?? '' },
      { field: 'cellphone', headerName: t('fields.cellphone'), width: 160, sortable: false, valueGetter: (v) => v ?? '' },
      {
        field: 'trades',
        headerName: t('fields.trades'),
        width: 180,
        sortable: false,
        valueGetter: (v: string | null) => parseTrades(v).join(', '),
      },
      {
        field: 'hiredate',
        headerName: t('fields.hiredate'),
        width: 130,
        sortable: false,
        valueFormatter: (v: string | null) => formatDay(v, i18n.language),
      },
      {
        field: 'cognito_status',
        headerName: t('fields.signIn'),
        width: 190,
        sortable: false,
        valueGetter: (v: string | null) => t(signInStatusKey(v) as 'signIn.none'),
      },
    ],
    [t, i18n.language, onSelect],
  );

  const count = searching ? rows.length : undefined;

  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <SearchField label={t('list.search')} value={text} onChange={setText} />
        <StatusSelect<StatusFilter>
          label={t('list.status')}
          value={status}
          onChange={(next) => {
            setStatus(next);
            resetPaging();
          }}
          options={[
            { value: 'active', label: t('list.statusActive') },
            { value: 'archived', label: t('list.statusArchived') },
          ]}
        />
        {actions}
      </Stack>
      {active.isError && (
        <RetryAlert retryLabel={t('list.retry')} onRetry={() => void active.refetch()}>
          {t('messages.fetchFailed')}
        </RetryAlert>
      )}
      <Typography variant="body2" color="text.secondary" role="status">
        {count === undefined ? '' : t('list.matches', { count })}
      </Typography>
      {mobile ? (
        <>
          {active.isFetching && <LinearProgress aria-label={t('list.loading')} />}
          <Stack spacing={1} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={t('list.label')}>
            {rows.map((person) => (
              <Box component="li" key={person.id}>
                <PersonCard person={person} onSelect={onSelect} />
              </Box>
            ))}
            {!active.isPending && rows.length === 0 && <Typography component="li">{t('list.empty')}</Typography>}
          </Stack>
          {!searching && (pagination.page > 0 || nextToken) && (
            <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between' }}>
              <Button
                startIcon={<ChevronLeftIcon />}
                disabled={pagination.page === 0}
                onClick={() => setPagination((prev) => ({ ...prev, page: prev.page - 1 }))}
              >
                {t('list.previousPage')}
              </Button>
              <Button
                endIcon={<ChevronRightIcon />}
                disabled={!nextToken || page.isPlaceholderData}
                onClick={() => setPagination((prev) => ({ ...prev, page: prev.page + 1 }))}
              >
                {t('list.nextPage')}
              </Button>
            </Stack>
          )}
        </>
      ) : (
        <DataGrid
          aria-label={t('list.label')}
          rows={rows}
          columns={columns}
          loading={active.isFetching}
          // The first load shows skeleton rows (issue 46), a later one a bar over the rows already there.
          slotProps={{ loadingOverlay: { variant: 'linear-progress', noRowsVariant: 'skeleton' } }}
          autoHeight
          disableRowSelectionOnClick
          // No eval: the Content-Security-Policy forbids it (filters run without the compiled fast path).
          disableEval
          disableColumnFilter
          onRowClick={({ row }) => onSelect(row.id)}
          onCellKeyDown={({ row }, event) => {
            if (event.key === 'Enter') onSelect(row.id);
          }}
          pageSizeOptions={PAGE_SIZES}
          {...(searching
            ? { paginationMode: 'client' as const, initialState: { pagination: { paginationModel: { pageSize: pagination.pageSize } } } }
            : {
                paginationMode: 'server' as const,
                rowCount: -1,
                paginationMeta: { hasNextPage: Boolean(nextToken) && !page.isPlaceholderData },
                paginationModel: pagination,
                onPaginationModelChange: (model: GridPaginationModel) => {
                  if (model.pageSize !== pagination.pageSize) {
                    setTokens([null]);
                    setPagination({ page: 0, pageSize: model.pageSize });
                  } else setPagination(model);
                },
              })}
          localeText={{
            ...(i18n.language === 'es' ? esES.components.MuiDataGrid.defaultProps.localeText : {}),
            noRowsLabel: t('list.empty'),
          }}
          sx={{ '& .MuiDataGrid-row': { cursor: 'pointer' } }}
        />
      )}
    </Stack>
  );
}

function PersonCard({ person, onSelect }: { person: Person; onSelect: (id: number) => void }) {
  const { t } = useTranslation('people');
  const trades = parseTrades(person.trades);
  return (
    <Card variant="outlined">
      <CardActionArea onClick={() => onSelect(person.id)}>
        <CardContent>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <Avatar aria-hidden sx={AVATAR_SX}>
              {initials(person)}
            </Avatar>
            <Box sx={{ minWidth: 0, flexGrow: 1 }}>
              <Typography variant="subtitle1" component="h3" noWrap>
                {personName(person)}
              </Typography>
              {person.email && (
                <Typography variant="body2" color="text.secondary" noWrap>
                  {person.email}
                </Typography>
              )}
              {person.cellphone && (
                <Typography variant="body2" color="text.secondary">
                  {person.cellphone}
                </Typography>
              )}
            </Box>
          </Stack>
          {(trades.length > 0 || person.is_admin) && (
            <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap', mt: 1 }}>
              {person.is_admin && <Chip size="small" color="primary" label={t('detail.globalAdmin')} />}
              {trades.map((trade) => (
                <Chip key={trade} size="small" label={trade} />
              ))}
            </Stack>
          )}
        </CardContent>
      </CardActionArea>
    </Card>
  );
}
