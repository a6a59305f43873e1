import { TASK_LIMITS, taskCreateSchema } from '@groundwork/core/tasks';
import { Autocomplete, MenuItem, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/date-field';
import { AppDialog } from '../../../shell/app-dialog';
import type { TaskJob, TaskPerson } from '../api/tasks-api';
import type { useTaskActions } from '../lib/use-task-actions';

type Form = {
  title: string;
  body: string;
  jobs_id: number | '';
  assignees: TaskPerson[];
  due_date: string;
  priority: number;
  checklist: string;
};

/** Adds a task on one of the jobs the person leads (admins: any job, or none), with its checklist items. */
export function NewTaskDialog({
  jobs,
  people,
  admin,
  actions,
  onClose,
}: {
  jobs: TaskJob[];
  people: TaskPerson[];
  admin: boolean;
  actions: ReturnType<typeof useTaskActions>;
  onClose: () => void;
}) {
  const { t } = useTranslation('tasks');
  const [problem, setProblem] = useState<string | null>(null);
  const { control, register, handleSubmit, formState } = useForm<Form>({
    defaultValues: {
      title: '',
      body: '',
      jobs_id: jobs.length === 1 ? jobs[0].id : '',
      assignees: [],
      due_date: '',
      priority: 1,
      checklist: '',
    },
  });
  const submit = handleSubmit((form) => {
    const parsed = taskCreateSchema.safeParse({
      title: form.title,
      body: form.body || null,
      jobs_id: form.jobs_id === '' ? null : form.jobs_id,
      assignees: form.assignees.map((a) => a.id),
      due_date: form.due_date || null,
      priority: form.priority,
      checklist: form.checklist
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean),
    });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0].message);
      return;
    }
    setProblem(null);
    const { file_uuids: _f, ...task } = parsed.data;
    actions.create.mutate({ task }, { onSuccess: onClose });
  });
  return (
    <AppDialog
      open
      onClose={onClose}
      title={t('new.title')}
      editMode
      loading={actions.create.isPending}
      cancelButton={{ onClick: onClose, label: t('new.cancel') }}
      actionButton={{ onClick: () => void submit(), label: t('new.save') }}
    >
      <Stack component="form" spacing={2} sx={{ pt: 1 }} onSubmit={submit} noValidate>
        <TextField
          label={t('new.taskTitle')}
          required
          autoFocus
          {...register('title', { required: t('rules.required'), maxLength: { value: TASK_LIMITS.title, message: t('rules.title') } })}
          error={!!formState.errors.title}
          helperText={formState.errors.title?.message}
        />
        <Controller
          name="jobs_id"
          control={control}
          rules={{ validate: (v) => admin || v !== '' || t('rules.job') }}
          render={({ field, fieldState }) => (
            <TextField
              select
              label={t('new.job')}
              required={!admin}
              value={field.value}
              onChange={(e) => field.onChange(e.target.value === '' ? '' : Number(e.target.value))}
              error={!!fieldState.error}
              helperText={fieldState.error?.message}
            >
              {admin && <MenuItem value="">{t('new.noJob')}</MenuItem>}
              {jobs.map((j) => (
                <MenuItem key={j.id} value={j.id}>
                  {j.label}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <Controller
          name="assignees"
          control={control}
          render={({ field }) => (
            <Autocomplete
              multiple
              options={people}
              value={field.value}
              onChange={(_e, value) => field.onChange(value)}
              getOptionLabel={(p) => p.name}
              isOptionEqualToValue={(a, b) => a.id === b.id}
              renderInput={(params) => <TextField {...params} label={t('new.assignees')} />}
            />
          )}
        />
        <Stack direction="row" spacing={2}>
          <DateField label={t('new.due')} fullWidth {...register('due_date')} />
          <Controller
            name="priority"
            control={control}
            render={({ field }) => (
              <TextField
                select
                label={t('new.priority')}
                value={field.value}
                onChange={(e) => field.onChange(Number(e.target.value))}
                fullWidth
              >
                {[0, 1, 2].map((p) => (
                  <MenuItem key={p} value={p}>
                    {t(`priority.${p}` as 'priority.1')}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
        </Stack>
        <TextField label={t('new.body')} multiline minRows={2} {...register('body')} />
        <TextField label={t('new.checklist')} helperText={t('new.checklistHelp')} multiline minRows={2} {...register('checklist')} />
        {problem && (
          <TextField
            value={problem}
            error
            variant="standard"
            slotProps={{ input: { readOnly: true, disableUnderline: true } }}
            aria-live="polite"
          />
        )}
      </Stack>
    </AppDialog>
  );
}
