import AddAPhotoIcon from '@mui/icons-material/AddAPhotoOutlined';
import {
  Autocomplete,
  Box,
  Button,
  Checkbox,
  Divider,
  FormControlLabel,
  List,
  ListItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FileGallery } from '../../../components/files/file-gallery';
import { FileUploadDialog } from '../../../components/files/file-upload-dialog';
import { fileUrl } from '../../../components/files/upload-file';
import { AppDialog } from '../../../shell/app-dialog';
import { useOnline } from '../../../shell/online';
import { subtasksQueryOptions, type Task, type TaskPerson, threadQueryOptions } from '../api/tasks-api';
import { formatTime } from '../lib/dates';
import type { useTaskActions } from '../lib/use-task-actions';
import { DueText, StatusChip } from './task-card';
import { QueuedThreadEntries } from './task-queued';

/** Spec "task" dialog: the task, its checklist and photos, who it is on, and its thread, newest first. */
export function TaskDialog({
  tenant,
  task,
  people,
  actions,
  onClose,
}: {
  tenant: string;
  task: Task;
  people: TaskPerson[];
  actions: ReturnType<typeof useTaskActions>;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation('tasks');
  const thread = useQuery(threadQueryOptions(tenant, task.task_thread_uuid));
  const subtasks = useQuery({ ...subtasksQueryOptions(tenant, task.id), enabled: task.checklist_total > 0 });
  const [comment, setComment] = useState('');
  const [newItem, setNewItem] = useState('');
  const addItem = () => {
    const title = newItem.trim();
    if (!title) return;
    // A checklist item is a sub-task on the same job (spec §3 parent_task).
    actions.create.mutate({ task: { title, jobs_id: task.jobs_id ?? null }, parent: task.id }, { onSuccess: () => setNewItem('') });
  };
  const [uploading, setUploading] = useState(false);
  const cameraInput = useRef<HTMLInputElement>(null);
  const online = useOnline();
  const [assignees, setAssignees] = useState<TaskPerson[]>(
    task.assignees.map((a) => people.find((p) => p.id === a.employees_id) ?? { id: a.employees_id, name: a.name ?? `#${a.employees_id}` }),
  );
  const busy = actions.update.isPending;
  const sameAssignees =
    assignees
      .map((a) => a.id)
      .sort()
      .join(',') ===
    task.assignees
      .map((a) => a.employees_id)
      .sort()
      .join(',');
  const names = new Map(people.map((p) => [p.id, p.name]));

  // Sent (or kept on the phone): the field empties and keeps the focus for the next comment (the Send button it was
  // on turns off with an empty field, which would drop the keyboard focus to the page).
  const commentInput = useRef<HTMLTextAreaElement>(null);
  const send = () =>
    actions.update.mutate(
      { task, action: 'comment', body: comment },
      {
        onSuccess: () => {
          setComment('');
          commentInput.current?.focus();
        },
      },
    );
  const setStatus = (status: string) => actions.update.mutate({ task, action: 'status', status });
  // The status buttons are disabled while a change saves and swap (Close task / Reopen), which drops the keyboard
  // focus to the page; it comes back to the status button, so Escape and Tab keep working inside the dialog.
  const statusButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!busy && document.activeElement === document.body) statusButton.current?.focus();
  }, [busy]);

  const describe = (e: NonNullable<typeof thread.data>['entries'][number]) => {
    switch (e.action) {
      case 'created':
        return t('thread.created');
      case 'status':
        return t('thread.status', { status: t(`status.${e.status ?? 'open'}` as 'status.open') });
      case 'reassign':
        return t('thread.reassign', { names: e.assignees.map((id) => names.get(id) ?? `#${id}`).join(', ') || t('thread.nobody') });
      case 'photo':
        return t('thread.photo', { count: e.file_uuids.length });
      case 'edit':
        return t('thread.edit');
      default:
        return t('thread.comment');
    }
  };

  return (
    <AppDialog open onClose={onClose} title={task.title} width={640}>
      <Stack spacing={2} sx={{ pt: 1 }}>
        <Stack direction="row" useFlexGap spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <StatusChip status={task.status} />
          <Typography variant="body2" color="text.secondary">
            {t(`priority.${task.priority}` as 'priority.1')}
          </Typography>
          {task.job_label && <Typography variant="body2">{task.job_label}</Typography>}
        </Stack>
        <DueText task={task} />
        {task.status === 'done' && task.status_by_name && task.status_on && (
          <Typography variant="body2" color="text.secondary">
            {t('dialog.doneBy', { name: task.status_by_name, time: formatTime(task.status_on, i18n.language) })}
          </Typography>
        )}
        {task.body && <Typography sx={{ whiteSpace: 'pre-wrap' }}>{task.body}</Typography>}

        <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap' }}>
          {task.status !== 'in_progress' && task.status !== 'done' && (
            <Button variant="outlined" disabled={busy} onClick={() => setStatus('in_progress')}>
              {t('dialog.start')}
            </Button>
          )}
          {task.status !== 'done' ? (
            <Button ref={statusButton} variant="contained" color="success" disabled={busy} onClick={() => setStatus('done')}>
              {t('dialog.close')}
            </Button>
          ) : (
            <Button ref={statusButton} variant="outlined" disabled={busy} onClick={() => setStatus('open')}>
              {t('dialog.reopen')}
            </Button>
          )}
          <input
            ref={cameraInput}
            type="file"
            accept="image/*"
            capture="environment"
            multiple
            hidden
            data-testid="task-photo-offline-input"
            onChange={(event) => {
              const photos = [...(event.target.files ?? [])].slice(0, 10);
              event.target.value = '';
              if (photos.length) actions.update.mutate({ task, action: 'photo', photos });
            }}
          />
          <Button
            variant="outlined"
            startIcon={<AddAPhotoIcon />}
            disabled={busy}
            // With no signal the upload dialog cannot store anything: the photos are taken and queued with the action.
            onClick={() => (online ? setUploading(true) : cameraInput.current?.click())}
          >
            {t('dialog.addPhoto')}
          </Button>
        </Stack>

        {task.files.length > 0 && <FileGallery files={task.files} label={t('dialog.photos')} />}

        {(task.checklist_total > 0 || task.can_manage) && (
          <Box component="section" aria-labelledby="task-checklist">
            <Typography id="task-checklist" variant="subtitle2" component="h3">
              {task.checklist_total > 0
                ? t('dialog.checklist', { done: task.checklist_done, total: task.checklist_total })
                : t('dialog.checklistEmpty')}
            </Typography>
            <List dense disablePadding>
              {(subtasks.data ?? []).map((sub) => (
                <ListItem key={sub.id} disableGutters>
                  <FormControlLabel
                    control={
                      <Checkbox
                        checked={sub.status === 'done'}
                        disabled={busy}
                        onChange={(_e, checked) =>
                          actions.update.mutate({ task: sub, action: 'status', status: checked ? 'done' : 'open', quiet: true })
                        }
                      />
                    }
                    label={sub.title}
                  />
                </ListItem>
              ))}
            </List>
            {task.can_manage && (
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 0.5 }}>
                <TextField
                  size="small"
                  label={t('dialog.newItem')}
                  value={newItem}
                  onChange={(e) => setNewItem(e.target.value)}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter') {
                      e.preventDefault();
                      addItem();
                    }
                  }}
                  slotProps={{ htmlInput: { maxLength: 200 } }}
                  sx={{ flexGrow: 1 }}
                />
                <Button onClick={addItem} disabled={!newItem.trim() || actions.create.isPending}>
                  {t('dialog.addItem')}
                </Button>
              </Stack>
            )}
          </Box>
        )}

        {task.can_manage && (
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
            <Autocomplete
              multiple
              fullWidth
              options={people}
              value={assignees}
              onChange={(_e, value) => setAssignees(value)}
              getOptionLabel={(p) => p.name}
              isOptionEqualToValue={(a, b) => a.id === b.id}
              renderInput={(params) => <TextField {...params} label={t('dialog.assignees')} />}
            />
            <Button
              variant="outlined"
              disabled={busy || sameAssignees}
              onClick={() => actions.update.mutate({ task, action: 'reassign', assignees: assignees.map((a) => a.id) })}
            >
              {t('dialog.reassign')}
            </Button>
          </Stack>
        )}
        {!task.can_manage && task.assignees.length > 0 && (
          <Typography variant="body2">{t('dialog.assignedTo', { names: task.assignees.map((a) => a.name).join(', ') })}</Typography>
        )}

        <Divider />
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
          <TextField
            label={t('dialog.comment')}
            inputRef={commentInput}
            value={comment}
            onChange={(e) => setComment(e.target.value)}
            multiline
            minRows={1}
            fullWidth
            slotProps={{ htmlInput: { maxLength: 5000 } }}
          />
          <Button variant="contained" disabled={busy || !comment.trim()} onClick={send} sx={{ mt: 1 }}>
            {t('dialog.send')}
          </Button>
        </Stack>

        <Box component="section" aria-labelledby="task-thread">
          <Typography id="task-thread" variant="subtitle2" component="h3">
            {t('dialog.thread')}
          </Typography>
          {thread.isError && <Typography color="error">{t('messages.fetchError')}</Typography>}
          <List aria-label={t('dialog.thread')} data-testid="task-thread">
            <QueuedThreadEntries threadUuid={task.task_thread_uuid} me={actions.me?.name ?? null} />
            {(thread.data?.entries ?? []).map((e) => (
              <ListItem key={e.id} disableGutters sx={{ display: 'block', borderBottom: 1, borderColor: 'divider' }}>
                <Typography variant="body2">
                  <strong>{e.user_name ?? names.get(e.employees_id ?? 0) ?? '—'}</strong> · {describe(e)}
                </Typography>
                <Typography variant="caption" color="text.secondary" component="p">
                  <time dateTime={e.created_on}>{formatTime(e.created_on, i18n.language)}</time>
                </Typography>
                {e.body && <Typography sx={{ whiteSpace: 'pre-wrap' }}>{e.body}</Typography>}
                {e.file_uuids.length > 0 && (
                  <Stack direction="row" spacing={1} sx={{ mt: 0.5 }}>
                    {e.file_uuids.map((uuid) => (
                      <Box
                        key={uuid}
                        component="img"
                        src={`${fileUrl(uuid)}/thumbnail`}
                        alt={t('thread.photoAlt')}
                        sx={{ width: 64, height: 64, objectFit: 'cover', borderRadius: 1 }}
                      />
                    ))}
                  </Stack>
                )}
              </ListItem>
            ))}
          </List>
        </Box>
      </Stack>
      <FileUploadDialog
        open={uploading}
        tenant={tenant}
        sourceTable="tasks"
        title={t('dialog.addPhoto')}
        accept="image/*"
        max={10}
        onClose={() => setUploading(false)}
        onDone={(files) => {
          setUploading(false);
          if (files.length) actions.update.mutate({ task, action: 'photo', file_uuids: files.map((f) => f.uuid) });
        }}
      />
    </AppDialog>
  );
}
