import { CONNECTED, type MappingKind, mappingKinds } from '@groundwork/core/accounting';
import { Alert, LinearProgress, MenuItem, Stack, TextField } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { accountingKeys, type LocalRecord, type MappingKindData, mappingQueryOptions, mapRecord, type Remote } from '../api/accounting';
import { type MappingRow, MappingTable } from './integration-mapping';
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
      {data && <KindTable tenant={tenant} data={data} />}
    </Stack>
  );
}

type Link = { local_id: number; remote: Remote | null };

/** Each of our records is linked to one of QuickBooks' entities of the kind. */
function KindTable({ tenant, data }: { tenant: string; data: MappingKindData }) {
  const { t } = useTranslation('company');
  const entity = t(`accounting.entities.${data.kind}`);
  const options = data.remotes.map((r) => ({ value: r.id, name: r.name }));
  const row = (local: LocalRecord): MappingRow<Link> => ({
    key: String(local.id),
    name: local.name,
    value: local.remote_id ?? '',
    // A link to an entity QuickBooks no longer lists is still shown, by the name it had.
    options:
      local.remote_id && !data.remotes.some((r) => r.id === local.remote_id)
        ? [...options, { value: local.remote_id, name: local.remote_name ?? local.remote_id }]
        : options,
    suggestion: local.suggestion && { name: local.suggestion.name, link: { local_id: local.id, remote: local.suggestion } },
    linkTo: (value) => ({ local_id: local.id, remote: data.remotes.find((r) => r.id === value) ?? null }),
  });
  return (
    <MappingTable
      strings="accounting"
      title={t(`accounting.kinds.${data.kind}`)}
      columns={{ name: t('accounting.mapping.record'), link: entity }}
      linkLabel={(name) => t('accounting.mapping.linkFor', { entity, name })}
      rows={data.locals.map(row)}
      save={(link) => mapRecord(tenant, data.kind, link.local_id, link.remote)}
      queryKey={accountingKeys.mapping(tenant)}
    />
  );
}
