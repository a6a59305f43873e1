import { personName } from '@groundwork/core/names';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/Edit';
import { Alert, Box, Button, Card, CardActions, CardContent, Chip, LinearProgress, Stack, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { CardGrid } from '../../../components/list-states';
import { RetryAlert } from '../../../components/retry-alert';
import { useSnackbar } from '../../../shell/snackbar';
import { peopleKeys } from '../api/keys';
import { deleteUserGroup } from '../api/mutations';
import { type UserGroup, userGroupsQueryOptions } from '../api/queries';
import { serverMessage } from '../lib/errors';
import { GroupFormDialog } from './group-form-dialog';

interface GroupsPanelProps {
  tenant: string;
  /** admin_access: create, edit and delete groups. Others with people permissions look only. */
  editable: boolean;
}

export function GroupsPanel({ tenant, editable }: GroupsPanelProps) {
  const { t } = useTranslation('people');
  const snackbar = useSnackbar();
  const queryClient = useQueryClient();
  const groups = useQuery(userGroupsQueryOptions(tenant));
  const [editing, setEditing] = useState<UserGroup | 'new' | null>(null);
  const [deleting, setDeleting] = useState<UserGroup | null>(null);

  useEffect(() => {
    if (groups.isError) snackbar.show({ color: 'error', message: t('messages.fetchGroupsFailed') });
  }, [groups.isError, snackbar, t]);

  const remove = useMutation({
    mutationFn: (id: number) => deleteUserGroup(tenant, id),
    onSuccess: () => {
      snackbar.show({ color: 'success', message: t('messages.groupDeleted') });
      setDeleting(null);
    },
    onError: (error) => snackbar.show({ color: 'error', message: serverMessage(error, t('messages.groupDeleteFailed'), t) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: peopleKeys.groups(tenant) }),
  });

  return (
    <Stack spacing={2}>
      {!editable && <Alert severity="info">{t('groups.readOnly')}</Alert>}
      {editable && (
        <Box>
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')}>
            {t('groups.add')}
          </Button>
        </Box>
      )}
      {groups.isPending && <LinearProgress aria-label={t('groups.loading')} />}
      {groups.isError && (
        <RetryAlert retryLabel={t('list.retry')} onRetry={() => void groups.refetch()}>
          {t('messages.fetchGroupsFailed')}
        </RetryAlert>
      )}
      {groups.data && groups.data.length === 0 && <Typography>{t('groups.empty')}</Typography>}
      <CardGrid label={t('groups.label')} gap={2} columns={{ xs: '1fr', md: '1fr 1fr', xl: '1fr 1fr 1fr' }}>
        {groups.data?.map((group) => (
          <Box component="li" key={group.id} sx={{ minWidth: 0 }}>
            <GroupCard group={group} editable={editable} onEdit={() => setEditing(group)} onDelete={() => setDeleting(group)} />
          </Box>
        ))}
      </CardGrid>
      {editing && <GroupFormDialog tenant={tenant} group={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      {deleting && (
        <ConfirmDialog
          title={t('groups.deleteTitle', { name: deleting.usergroup })}
          body={t('groups.deleteBody', { name: deleting.usergroup })}
          confirmLabel={t('groups.delete')}
          color="error"
          loading={remove.isPending}
          onConfirm={() => remove.mutate(deleting.id)}
          onClose={() => setDeleting(null)}
        />
      )}
    </Stack>
  );
}

function GroupCard({
  group,
  editable,
  onEdit,
  onDelete,
}: {
  group: UserGroup;
  editable: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation('people');
  const headingId = `group-${group.id}-name`;
  return (
    <Card
      variant="outlined"
      component="article"
      aria-labelledby={headingId}
      sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}
    >
      <CardContent sx={{ flexGrow: 1 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
          <Typography id={headingId} variant="h6" component="h3" sx={{ overflowWrap: 'anywhere' }}>
            {group.usergroup}
          </Typography>
          <Chip
            size="small"
            color={group.status === 1 ? 'success' : 'default'}
            label={group.status === 1 ? t('groups.active') : t('groups.inactive')}
          />
        </Stack>
        <Typography variant="subtitle2" component="h4">
          {t('groups.permissions')}
        </Typography>
        {group.usergroup_permissions.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {t('groups.noPermissions')}
          </Typography>
        ) : (
          <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap', mb: 1 }}>
            {group.usergroup_permissions.map((p) => (
              <Chip
                key={p}
                size="small"
                variant="outlined"
                label={t(`permissions.${p}` as 'permissions.admin_access', { defaultValue: p })}
              />
            ))}
          </Stack>
        )}
        <Typography variant="subtitle2" component="h4" sx={{ mt: 1 }}>
          {t('groups.members', { count: group.usergroup_users.length })}
        </Typography>
        <Typography variant="body2" color={group.usergroup_users.length ? undefined : 'text.secondary'}>
          {group.usergroup_users.length ? group.usergroup_users.map((u) => personName(u)).join(', ') : t('groups.noMembers')}
        </Typography>
      </CardContent>
      {editable && (
        <CardActions>
          <Button size="small" startIcon={<EditIcon />} onClick={onEdit} aria-label={t('groups.editNamed', { name: group.usergroup })}>
            {t('groups.edit')}
          </Button>
          <Button
            size="small"
            color="error"
            startIcon={<DeleteOutlineIcon />}
            onClick={onDelete}
            aria-label={t('groups.deleteNamed', { name: group.usergroup })}
          >
            {t('groups.delete')}
          </Button>
        </CardActions>
      )}
    </Card>
  );
}
