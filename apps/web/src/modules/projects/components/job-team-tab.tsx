import { personName } from '@groundwork/core/names';
import PersonRemoveOutlinedIcon from '@mui/icons-material/PersonRemoveOutlined';
import { Alert, Autocomplete, Box, IconButton, List, ListItem, ListItemText, Stack, TextField, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../../shell/snackbar';
import { jobKeys } from '../api/keys';
import { addTeamMember, removeTeamMember, type TeamRole } from '../api/mutations';
import { activeEmployeesQueryOptions, type JobDetail, jobTeamLinksQueryOptions, type TeamMember } from '../api/queries';

interface JobTeamTabProps {
  tenant: string;
  detail: JobDetail;
  editable: boolean;
}

export function JobTeamTab({ tenant, detail, editable }: JobTeamTabProps) {
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={3}>
      <TeamSection tenant={tenant} detail={detail} teamRole="foremen" editable={editable} />
      <TeamSection tenant={tenant} detail={detail} teamRole="pms" editable={editable} />
    </Stack>
  );
}

function TeamSection({ tenant, detail, teamRole: role, editable }: JobTeamTabProps & { teamRole: TeamRole }) {
  const { t } = useTranslation('projects');
  const snackbar = useSnackbar();
  const queryClient = useQueryClient();
  const jobId = detail.job.id;
  const members: readonly TeamMember[] = detail[role];
  const headingId = `team-${role}-heading`;
  const links = useQuery({ ...jobTeamLinksQueryOptions(tenant, jobId), enabled: editable });
  const people = useQuery({ ...activeEmployeesQueryOptions(tenant), enabled: editable });
  const [inputValue, setInputValue] = useState('');

  const change = useMutation({
    mutationFn: async (action: { add: number } | { remove: number }) => {
      if ('add' in action) {
        await addTeamMember(tenant, role, jobId, action.add);
        return;
      }
      const link = links.data?.[role].find((l) => l.employees_id === action.remove);
      if (!link) throw new Error('Team link not found');
      await removeTeamMember(tenant, role, link.id);
    },
    onSuccess: () => snackbar.show({ color: 'success', message: t('messages.teamUpdated') }),
    onError: () => snackbar.show({ color: 'error', message: t('messages.teamUpdateFailed') }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: jobKeys.detail(tenant, jobId) });
      void queryClient.invalidateQueries({ queryKey: jobKeys.team(tenant, jobId) });
    },
  });

  const assigned = new Set(members.map((m) => m.id));
  const options = (people.data ?? []).filter((p) => !assigned.has(p.id));
  const title = role === 'foremen' ? t('team.foremen') : t('team.pms');

  return (
    <Box component="section" aria-labelledby={headingId} sx={{ flex: 1, minWidth: 0 }}>
      <Typography id={headingId} variant="h6" component="h3">
        {title}
      </Typography>
      {members.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 1 }}>
          {t('team.none')}
        </Typography>
      ) : (
        <List dense aria-labelledby={headingId}>
          {members.map((member) => (
            <ListItem
              key={member.id}
              divider
              secondaryAction={
                editable ? (
                  <IconButton
                    edge="end"
                    aria-label={t('team.remove', { name: personName(member), role: title })}
                    disabled={change.isPending || !links.data}
                    onClick={() => change.mutate({ remove: member.id })}
                  >
                    <PersonRemoveOutlinedIcon />
                  </IconButton>
                ) : undefined
              }
            >
              <ListItemText primary={personName(member)} secondary={member.email} />
            </ListItem>
          ))}
        </List>
      )}
      {editable && (
        <>
          {people.isError && (
            <Alert severity="warning" sx={{ my: 1 }}>
              {t('team.peopleFailed')}
            </Alert>
          )}
          <Autocomplete
            options={options}
            loading={people.isPending}
            getOptionLabel={(p) => personName(p)}
            getOptionKey={(p) => p.id}
            value={null}
            inputValue={inputValue}
            onInputChange={(_event, value, reason) => setInputValue(reason === 'reset' ? '' : value)}
            onChange={(_event, person) => {
              if (person) change.mutate({ add: person.id });
            }}
            disabled={change.isPending}
            renderInput={(params) => (
              <TextField {...params} label={role === 'foremen' ? t('team.addForeman') : t('team.addPm')} size="small" />
            )}
            sx={{ mt: 1 }}
          />
        </>
      )}
    </Box>
  );
}
