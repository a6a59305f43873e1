import { CONNECTED } from '@groundwork/core/accounting';
import {
  Alert,
  Box,
  Button,
  LinearProgress,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../../shell/snackbar';
import {
  mapTimecardRecord,
  type Named,
  type RemoteRow,
  type TimecardMappingKind,
  timecardMappingQueryOptions,
  timecardSystemKeys,
} from '../api/timecard-system';
import { useTimecardServerMessage } from './use-timecard-server-message';

// The timecard-system dialog's mapping tab: QuickBooks Time users to people, jobcodes to jobs, with suggestions.

export function TimecardMappingPanel({ tenant }: { tenant: string }) {
  const { t } = useTranslation('company');
  const serverMessage = useTimecardServerMessage();
  const mapping = useQuery(timecardMappingQueryOptions(tenant));
  if (mapping.isPending) return <LinearProgress aria-label={t('timecardSystem.loading')} />;
  if (mapping.isError) return <Alert severity="error">{t('timecardSystem.fetchFailed')}</Alert>;
  if (mapping.data.message !== CONNECTED) return <Alert severity="warning">{serverMessage(mapping.data.message)}</Alert>;
  const { users, jobcodes, people, jobs } = mapping.data.data;
  return (
    <Stack spacing={3}>
      <LinkTable tenant={tenant} kind="user" rows={users} locals={people} />
      <LinkTable tenant={tenant} kind="jobcode" rows={jobcodes} locals={jobs} />
    </Stack>
  );
}

function LinkTable({ tenant, kind, rows, locals }: { tenant: string; kind: TimecardMappingKind; rows: RemoteRow[]; locals: Named[] }) {
  const { t } = useTranslation('company');
  const snackbar = useSnackbar();
  const queryClient = useQueryClient();
  const link = useMutation({
    mutationFn: async (links: { row: RemoteRow; local_id: number | null }[]) => {
      for (const l of links) await mapTimecardRecord(tenant, kind, l.row, l.local_id);
      return links.length;
    },
    onSuccess: (count) => {
      snackbar.show({ color: 'success', message: t('timecardSystem.mapping.saved', { count }) });
      void queryClient.invalidateQueries({ queryKey: timecardSystemKeys.mapping(tenant) });
    },
    onError: () => snackbar.show({ color: 'error', message: t('timecardSystem.mapping.failed') }),
  });
  const headingId = `timecard-system-mapping-${kind}`;
  const suggested = rows.filter((r) => r.local_id === null && r.suggestion);
  const localLabel = t(`timecardSystem.mapping.local.${kind}`);
  return (
    <Stack spacing={1.5} component="section" aria-labelledby={headingId}>
      <Typography id={headingId} component="h4" variant="subtitle2" sx={{ fontWeight: 600 }}>
        {t(`timecardSystem.mapping.heading.${kind}`)}
      </Typography>
      {rows.length === 0 && <Typography color="text.secondary">{t('timecardSystem.mapping.empty')}</Typography>}
      {suggested.length > 0 && (
        <Box>
          <Button
            variant="outlined"
            disabled={link.isPending}
            onClick={() => link.mutate(suggested.map((row) => ({ row, local_id: row.suggestion?.id ?? null })))}
          >
            {t('timecardSystem.mapping.acceptAll', { count: suggested.length })}
          </Button>
        </Box>
      )}
      {rows.length > 0 && (
        <TableContainer>
          <Table size="small" aria-labelledby={headingId}>
            <TableHead>
              <TableRow>
                <TableCell>{t('timecardSystem.mapping.remote')}</TableCell>
                <TableCell>{localLabel}</TableCell>
                <TableCell>{t('timecardSystem.mapping.suggestion')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={row.remote_id}>
                  <TableCell>{row.name}</TableCell>
                  <TableCell sx={{ minWidth: 220 }}>
                    <TextField
                      select
                      size="small"
                      fullWidth
                      label={t('timecardSystem.mapping.linkFor', { local: localLabel, name: row.name })}
                      value={row.local_id === null ? '' : String(row.local_id)}
                      disabled={link.isPending}
                      onChange={(e) => link.mutate([{ row, local_id: e.target.value ? Number(e.target.value) : null }])}
                    >
                      <MenuItem value="">
                        <em>{t('timecardSystem.mapping.none')}</em>
                      </MenuItem>
                      {locals.map((l) => (
                        <MenuItem key={l.id} value={String(l.id)}>
                          {l.name}
                        </MenuItem>
                      ))}
                    </TextField>
                  </TableCell>
                  <TableCell>
                    {row.suggestion && row.local_id === null && (
                      <Button
                        size="small"
                        disabled={link.isPending}
                        onClick={() => link.mutate([{ row, local_id: row.suggestion?.id ?? null }])}
                        aria-label={t('timecardSystem.mapping.useSuggestionFor', { name: row.name, suggestion: row.suggestion.name })}
                      >
                        {t('timecardSystem.mapping.useSuggestion', { suggestion: row.suggestion.name })}
                      </Button>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Stack>
  );
}
