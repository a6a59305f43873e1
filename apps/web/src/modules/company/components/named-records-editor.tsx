import AddIcon from '@mui/icons-material/Add';
import { Button, Chip, LinearProgress, List, ListItem, ListItemText, Stack, TextField, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RetryAlert } from '../../../components/retry-alert';
import { AppDialog } from '../../../shell/app-dialog';
import { useSnackbar } from '../../../shell/snackbar';
import type { NamedRecordApi } from '../api/mutations';
import { type NamedRecord, namedRecordsQueryOptions } from '../api/queries';
import { readableErrorSx } from './readable-error';
import { ConfirmDelete, RowActions } from './record-list-parts';

/** The words of one list: departments or divisions. */
type NamedRecordKind = 'departments' | 'divisions';

interface NamedRecordsEditorProps {
  tenant: string;
  kind: NamedRecordKind;
  api: NamedRecordApi;
}

const MAX_NAME = 100;

/** Departments or divisions of the company: add, rename, archive/restore (status) and delete. */
export function NamedRecordsEditor({ tenant, kind, api }: NamedRecordsEditorProps) {
  const { t } = useTranslation('company');
  const snackbar = useSnackbar();
  const queryClient = useQueryClient();
  const queryOptions = namedRecordsQueryOptions(tenant, kind);
  const list = useQuery(queryOptions);
  const [name, setName] = useState('');
  const [touched, setTouched] = useState(false);
  const [editing, setEditing] = useState<NamedRecord | null>(null);
  const [removing, setRemoving] = useState<NamedRecord | null>(null);

  const refresh = () => queryClient.invalidateQueries({ queryKey: queryOptions.queryKey });
  const words = (key: 'added' | 'updated' | 'deleted' | 'addFailed' | 'updateFailed' | 'deleteFailed' | 'fetchFailed') =>
    t(`records.${kind}.${key}` as const);

  const nameProblem = (value: string, except?: number) => {
    const trimmed = value.trim();
    if (!trimmed) return t('validation.required');
    if (trimmed.length > MAX_NAME) return t('validation.max', { count: MAX_NAME });
    const clash = list.data?.some((row) => row.id !== except && row.name.trim().toLowerCase() === trimmed.toLowerCase());
    return clash ? t(`records.${kind}.duplicate` as const) : null;
  };

  const add = useMutation({
    mutationFn: (value: string) => api.create(tenant, value),
    onSuccess: () => {
      setName('');
      setTouched(false);
      snackbar.show({ color: 'success', message: words('added') });
    },
    onError: () => snackbar.show({ color: 'error', message: words('addFailed') }),
    onSettled: refresh,
  });
  const update = useMutation({
    mutationFn: (change: { id: number; name?: string; status?: number }) => api.update(tenant, change),
    onSuccess: () => {
      setEditing(null);
      snackbar.show({ color: 'success', message: words('updated') });
    },
    onError: () => snackbar.show({ color: 'error', message: words('updateFailed') }),
    onSettled: refresh,
  });
  const remove = useMutation({
    mutationFn: (id: number) => api.remove(tenant, id),
    onSuccess: () => {
      setRemoving(null);
      snackbar.show({ color: 'success', message: words('deleted') });
    },
    onError: () => snackbar.show({ color: 'error', message: words('deleteFailed') }),
    onSettled: refresh,
  });

  const problem = touched ? nameProblem(name) : null;

  return (
    <Stack spacing={2}>
      <Stack
        component="form"
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setTouched(true);
          if (!nameProblem(name)) add.mutate(name.trim());
        }}
      >
        <TextField
          label={t(`records.${kind}.newLabel` as const)}
          value={name}
          onChange={(event) => setName(event.target.value)}
          onBlur={() => name && setTouched(true)}
          error={problem !== null}
          helperText={problem ?? ' '}
          size="small"
          sx={[{ flexGrow: 1 }, readableErrorSx]}
          slotProps={{ htmlInput: { maxLength: MAX_NAME + 1 } }}
        />
        <Button type="submit" variant="contained" startIcon={<AddIcon />} loading={add.isPending} sx={{ alignSelf: 'flex-start' }}>
          {t('records.add')}
        </Button>
      </Stack>

      {list.isPending ? (
        <LinearProgress aria-label={t(`records.${kind}.loading` as const)} />
      ) : list.isError ? (
        <RetryAlert retryLabel={t('retry')} onRetry={() => void list.refetch()}>
          {words('fetchFailed')}
        </RetryAlert>
      ) : list.data.length === 0 ? (
        <Typography color="text.secondary">{t(`records.${kind}.empty` as const)}</Typography>
      ) : (
        <List aria-label={t(`records.${kind}.title` as const)} dense>
          {list.data.map((row) => (
            <ListItem
              key={row.id}
              divider
              secondaryAction={
                <RowActions
                  active={row.status === 1}
                  activeHint={row.status === 1 ? t('records.archive') : t('records.restore')}
                  onActive={(active) => update.mutate({ id: row.id, status: active ? 1 : 0 })}
                  onEdit={() => setEditing(row)}
                  onDelete={() => setRemoving(row)}
                  labels={{
                    active: t('records.activeLabel', { name: row.name }),
                    edit: t('records.renameLabel', { name: row.name }),
                    delete: t('records.deleteLabel', { name: row.name }),
                  }}
                />
              }
              sx={{ pr: 20 }}
            >
              <ListItemText
                primary={row.name}
                secondary={row.status === 1 ? undefined : <Chip component="span" size="small" label={t('records.archived')} />}
              />
            </ListItem>
          ))}
        </List>
      )}

      {editing && (
        <RenameDialog
          key={editing.id}
          kind={kind}
          record={editing}
          saving={update.isPending}
          problemOf={(value) => nameProblem(value, editing.id)}
          onCancel={() => setEditing(null)}
          onSave={(value) => update.mutate({ id: editing.id, name: value })}
        />
      )}
      <ConfirmDelete
        row={removing}
        title={t(`records.${kind}.deleteTitle` as const)}
        body={(record) => t('records.deleteBody', { name: record?.name ?? '' })}
        deleting={remove.isPending}
        onCancel={() => setRemoving(null)}
        onDelete={(record) => remove.mutate(record.id)}
      />
    </Stack>
  );
}

interface RenameDialogProps {
  kind: NamedRecordKind;
  record: NamedRecord;
  saving: boolean;
  problemOf: (value: string) => string | null;
  onCancel: () => void;
  onSave: (value: string) => void;
}

function RenameDialog({ kind, record, saving, problemOf, onCancel, onSave }: RenameDialogProps) {
  const { t } = useTranslation('company');
  const [value, setValue] = useState(record.name);
  const problem = problemOf(value);
  const submit = () => {
    if (!problem && value.trim() !== record.name) onSave(value.trim());
    else if (!problem) onCancel();
  };
  return (
    <AppDialog
      open
      onClose={onCancel}
      title={t(`records.${kind}.renameTitle` as const)}
      loading={saving}
      cancelButton={{ onClick: onCancel }}
      actionButton={{ onClick: submit }}
      actionButtonDisabled={problem !== null}
    >
      <TextField
        autoFocus
        fullWidth
        label={t('records.nameLabel')}
        value={value}
        onChange={(event) => setValue(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') submit();
        }}
        error={problem !== null}
        helperText={problem ?? ' '}
        sx={[{ mt: 1 }, readableErrorSx]}
      />
    </AppDialog>
  );
}
