import { CONNECTED } from '@groundwork/core/accounting';
import { Alert, LinearProgress, Stack } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  mapTimecardRecord,
  type Named,
  type RemoteRow,
  type TimecardMappingKind,
  timecardMappingQueryOptions,
  timecardSystemKeys,
} from '../api/timecard-system';
import { type MappingRow, MappingTable } from './integration-mapping';
import { useTimecardServerMessage } from './use-server-message';

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

type Link = { row: RemoteRow; local_id: number | null };

/** Each of QuickBooks Time's users or jobcodes is linked to one of our people or jobs. */
function LinkTable({ tenant, kind, rows, locals }: { tenant: string; kind: TimecardMappingKind; rows: RemoteRow[]; locals: Named[] }) {
  const { t } = useTranslation('company');
  const local = t(`timecardSystem.mapping.local.${kind}`);
  const options = locals.map((l) => ({ value: String(l.id), name: l.name }));
  const mappingRow = (row: RemoteRow): MappingRow<Link> => ({
    key: row.remote_id,
    name: row.name,
    value: row.local_id === null ? '' : String(row.local_id),
    options,
    suggestion: row.suggestion && { name: row.suggestion.name, link: { row, local_id: row.suggestion.id } },
    linkTo: (value) => ({ row, local_id: value ? Number(value) : null }),
  });
  return (
    <MappingTable
      strings="timecardSystem"
      title={t(`timecardSystem.mapping.heading.${kind}`)}
      headingId={`timecard-system-mapping-${kind}`}
      columns={{ name: t('timecardSystem.mapping.remote'), link: local }}
      linkLabel={(name) => t('timecardSystem.mapping.linkFor', { local, name })}
      rows={rows.map(mappingRow)}
      save={(link) => mapTimecardRecord(tenant, kind, link.row, link.local_id)}
      queryKey={timecardSystemKeys.mapping(tenant)}
    />
  );
}
