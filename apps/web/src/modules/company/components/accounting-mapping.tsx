import { CONNECTED, type MappingKind, mappingKinds } from '@groundwork/core/accounting';
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
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../../shell/snackbar';
import { accountingKeys, type MappingKindData, mappingQueryOptions, mapRecord, type Remote } from '../api/accounting';

import { useServerMessage } from './use-server-message';

// The accounting-system dialog's mapping tab: our records beside QuickBooks' entities, with suggestions.

export function MappingPanel({ tenant }: { tenant: string }) {
  const { t } = useTranslation('company');
  const serverMessage = useServerMessage();
  const mapping = useQuery(mappingQueryOptions(tenant));
  const [kind, setKind] = useState<MappingKind>('person');
  if (mapping.isPending) return <LinearProgress aria-label={t('accounting.loading')} />;
  if (mapping.isError) return <Alert severity="error">{t('accounting.fetchFailed')}</Alert>;
  if (mapping.data.message !== CONNECTED) return <Alert severity="warning">{serverMessage(mapping.data.message)}</Alert>;
  const data = mapping.data.data.kinds.find((k) => k.kind === kind);
  return (
    <Stack spacing={2}>
      <TextField
        select
        label={t('accounting.mapping.kind')}
        value={kind}
        onChange={(e) => setKind(e.target.value as MappingKind)}
        sx={{ maxWidth: 320 }}
        size="small"
      >
        {mappingKinds.map((k) => (
          <MenuItem key={k} value={k}>
            {t(`accounting.kinds.${k}`)}
          </MenuItem>
        ))}
      </TextField>
      {data && <MappingTable tenant={tenant} data={data} />}
    </Stack>
  );
}

function MappingTable({ tenant, data }: { tenant: string; data: MappingKindData }) {
  const { t } = useTranslation('company');
  const snackbar = useSnackbar();
  const queryClient = useQueryClient();
  const link = useMutation({
    mutationFn: async (links: { local_id: number; remote: Remote | null }[]) => {
      for (const l of links) await mapRecord(tenant, data.kind, l.local_id, l.remote);
      return links.length;
    },
    onSuccess: (n) => {
      snackbar.show({ color: 'success', message: t('accounting.mapping.saved', { count: n }) });
      void queryClient.invalidateQueries({ queryKey: accountingKeys.mapping(tenant) });
    },
    onError: () => snackbar.show({ color: 'error', message: t('accounting.mapping.failed') }),
  });
  const suggested = data.locals.filter((l) => !l.remote_id && l.suggestion);
  const remoteLabel = t(`accounting.entities.${data.kind}`);
  if (data.locals.length === 0) return <Typography color="text.secondary">{t('accounting.mapping.empty')}</Typography>;
  return (
    <Stack spacing={1.5}>
      {suggested.length > 0 && (
        <Box>
          <Button
            variant="outlined"
            disabled={link.isPending}
            onClick={() => link.mutate(suggested.map((l) => ({ local_id: l.id, remote: l.suggestion })))}
          >
            {t('accounting.mapping.acceptAll', { count: suggested.length })}
          </Button>
        </Box>
      )}
      <TableContainer>
        <Table size="small" aria-label={t(`accounting.kinds.${data.kind}`)}>
          <TableHead>
            <TableRow>
              <TableCell>{t('accounting.mapping.record')}</TableCell>
              <TableCell>{remoteLabel}</TableCell>
              <TableCell>{t('accounting.mapping.suggestion')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {data.locals.map((local) => (
              <TableRow key={local.id}>
                <TableCell>{local.name}</TableCell>
                <TableCell sx={{ minWidth: 220 }}>
                  <TextField
                    select
                    size="small"
                    fullWidth
                    label={t('accounting.mapping.linkFor', { entity: remoteLabel, name: local.name })}
                    value={local.remote_id ?? ''}
                    disabled={link.isPending}
                    onChange={(e) => {
                      const remote = data.remotes.find((r) => r.id === e.target.value) ?? null;
                      link.mutate([{ local_id: local.id, remote }]);
                    }}
                  >
                    <MenuItem value="">
                      <em>{t('accounting.mapping.none')}</em>
                    </MenuItem>
                    {data.remotes.map((r) => (
                      <MenuItem key={r.id} value={r.id}>
                        {r.name}
                      </MenuItem>
                    ))}
                    {local.remote_id && !data.remotes.some((r) => r.id === local.remote_id) && (
                      <MenuItem value={local.remote_id}>{local.remote_name ?? local.remote_id}</MenuItem>
                    )}
                  </TextField>
                </TableCell>
                <TableCell>
                  {local.suggestion && !local.remote_id && (
                    <Button
                      size="small"
                      disabled={link.isPending}
                      onClick={() => link.mutate([{ local_id: local.id, remote: local.suggestion }])}
                      aria-label={t('accounting.mapping.useSuggestionFor', { name: local.name, suggestion: local.suggestion.name })}
                    >
                      {t('accounting.mapping.useSuggestion', { suggestion: local.suggestion.name })}
                    </Button>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Stack>
  );
}
