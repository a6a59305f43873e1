import { Alert, Button, Divider, List, ListItem, ListItemText, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GraphQLRequestError } from '../../../lib/graphql';
import { AppDialog } from '../../../shell/app-dialog';
import { useSnackbar } from '../../../shell/snackbar';
import { applyTemplate, saveTemplate, type TaskJob, taskKeys, templatesQueryOptions } from '../api/tasks-api';
import { refusal } from '../lib/use-task-actions';

/**
 * Spec "checklist templates" dialog: apply a template to a job in one step (applied there before: a confirmation
 * first); admins also write new templates.
 */
export function TemplatesDialog({
  tenant,
  jobs,
  admin,
  onClose,
}: {
  tenant: string;
  jobs: TaskJob[];
  admin: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('tasks');
  const snackbar = useSnackbar();
  const queryClient = useQueryClient();
  const templates = useQuery(templatesQueryOptions(tenant));
  const [templateId, setTemplateId] = useState<number | ''>('');
  const [jobId, setJobId] = useState<number | ''>(jobs.length === 1 ? jobs[0].id : '');
  const [ask, setAsk] = useState(false);
  const [name, setName] = useState('');
  const [items, setItems] = useState('');
  // The template being changed (its id is sent with the save), or null for a new one.
  const [editingId, setEditingId] = useState<number | null>(null);
  const selected = templates.data?.find((x) => x.id === templateId);
  const startEditing = () => {
    if (!selected) return;
    setEditingId(selected.id);
    setName(selected.name);
    setItems(selected.items.map((item) => item.title).join('\n'));
  };
  const stopEditing = () => {
    setEditingId(null);
    setName('');
    setItems('');
  };

  const apply = useMutation({
    mutationFn: (confirm: boolean) => applyTemplate(tenant, Number(templateId), Number(jobId), confirm),
    onSuccess: () => {
      setAsk(false);
      snackbar.show({ color: 'success', message: t('messages.templateApplied') });
      void queryClient.invalidateQueries({ queryKey: taskKeys.all(tenant) });
      onClose();
    },
    onError: (error) => {
      if (error instanceof GraphQLRequestError && error.code === 'CONFLICT') {
        setAsk(true);
        return;
      }
      snackbar.show({ color: 'error', message: refusal(error, t('messages.addError')) });
    },
  });
  const save = useMutation({
    mutationFn: () =>
      saveTemplate(tenant, {
        ...(editingId !== null ? { id: editingId } : {}),
        name,
        items: items
          .split('\n')
          .map((line) => line.trim())
          .filter(Boolean)
          .map((title) => ({ title })),
      }),
    onSuccess: () => {
      stopEditing();
      snackbar.show({ color: 'success', message: t('messages.templateSaved') });
      return queryClient.invalidateQueries({ queryKey: taskKeys.templates(tenant) });
    },
    onError: (error) => snackbar.show({ color: 'error', message: refusal(error, t('messages.templateError')) }),
  });

  return (
    <AppDialog open onClose={onClose} title={t('templates.title')} width={560}>
      <Stack spacing={2} sx={{ pt: 1 }}>
        {templates.isError && <Alert severity="error">{t('messages.fetchTemplatesError')}</Alert>}
        <TextField select label={t('templates.template')} value={templateId} onChange={(e) => setTemplateId(Number(e.target.value))}>
          {(templates.data ?? []).map((tpl) => (
            <MenuItem key={tpl.id} value={tpl.id}>
              {tpl.name} ({t('templates.items', { count: tpl.items.length })})
            </MenuItem>
          ))}
        </TextField>
        <TextField select label={t('templates.job')} value={jobId} onChange={(e) => setJobId(Number(e.target.value))}>
          {jobs.map((j) => (
            <MenuItem key={j.id} value={j.id}>
              {j.label}
            </MenuItem>
          ))}
        </TextField>
        {templateId !== '' && (
          <List dense aria-label={t('templates.preview')}>
            {templates.data
              ?.find((x) => x.id === templateId)
              ?.items.map((item) => (
                <ListItem key={item.title} disableGutters>
                  <ListItemText primary={item.title} />
                </ListItem>
              ))}
          </List>
        )}
        {ask ? (
          <Alert
            severity="warning"
            action={
              <Stack direction="row" spacing={1}>
                <Button color="inherit" onClick={() => setAsk(false)}>
                  {t('templates.no')}
                </Button>
                <Button color="inherit" variant="outlined" disabled={apply.isPending} onClick={() => apply.mutate(true)}>
                  {t('templates.applyAgain')}
                </Button>
              </Stack>
            }
          >
            {t('templates.alreadyApplied')}
          </Alert>
        ) : (
          <Button variant="contained" disabled={templateId === '' || jobId === '' || apply.isPending} onClick={() => apply.mutate(false)}>
            {t('templates.apply')}
          </Button>
        )}
        {admin && (
          <>
            <Divider />
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Typography variant="subtitle2" component="h3" sx={{ flexGrow: 1 }}>
                {editingId !== null ? t('templates.editing', { name: selected?.name ?? name }) : t('templates.new')}
              </Typography>
              {editingId !== null ? (
                <Button size="small" onClick={stopEditing}>
                  {t('templates.newInstead')}
                </Button>
              ) : (
                selected && (
                  <Button size="small" onClick={startEditing}>
                    {t('templates.edit', { name: selected.name })}
                  </Button>
                )
              )}
            </Stack>
            <TextField
              label={t('templates.name')}
              value={name}
              onChange={(e) => setName(e.target.value)}
              slotProps={{ htmlInput: { maxLength: 120 } }}
            />
            <TextField
              label={t('templates.itemsLabel')}
              helperText={t('new.checklistHelp')}
              multiline
              minRows={3}
              value={items}
              onChange={(e) => setItems(e.target.value)}
            />
            <Button variant="outlined" disabled={!name.trim() || !items.trim() || save.isPending} onClick={() => save.mutate()}>
              {t('templates.save')}
            </Button>
          </>
        )}
      </Stack>
    </AppDialog>
  );
}
