import { isEmail } from '@groundwork/core/identity';
import {
  FILE_ACCEPT,
  FILE_MAX_BYTES,
  FILE_TYPES,
  fileExtension,
  ISSUE_ATTACHMENTS_MAX,
  ISSUE_DESCRIPTION_MAX,
  ISSUE_SUBJECT_MAX,
} from '@groundwork/core/profile';
import { zodResolver } from '@hookform/resolvers/zod';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import { Alert, Box, Button, IconButton, LinearProgress, List, ListItem, ListItemText, Stack, TextField, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { type ChangeEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { UploadError, type UploadedFile, uploadFile } from '../components/files/upload-file';
import { request } from '../lib/graphql';
import { AppDialog } from './app-dialog';
import { submitIssueMutation } from './issue-api';
import { useSnackbar } from './snackbar';
import { useOwnProfile } from './theme-profile';

const issueFormSchema = (t: TFunction<'profile'>) =>
  z.object({
    subject: z
      .string()
      .trim()
      .min(1, t('validation.required'))
      .max(ISSUE_SUBJECT_MAX, t('validation.max', { count: ISSUE_SUBJECT_MAX })),
    description: z
      .string()
      .trim()
      .min(1, t('validation.required'))
      .max(ISSUE_DESCRIPTION_MAX, t('validation.max', { count: ISSUE_DESCRIPTION_MAX })),
  });
type FormValues = z.input<ReturnType<typeof issueFormSchema>>;

type Attachment = {
  key: number;
  name: string;
  progress: number;
  state: 'uploading' | 'done' | 'error';
  file?: UploadedFile;
  error?: string;
  abort: AbortController;
};

function uploadProblem(t: TFunction<'profile'>, error: unknown): string {
  if (error instanceof UploadError) {
    if (error.status === 413) return t('issue.tooLarge');
    if (error.status === 415) return t('issue.badType');
    if (error.status === 0) return t('issue.network');
    return error.message;
  }
  return error instanceof Error ? error.message : String(error);
}

interface IssueDialogProps {
  open: boolean;
  onClose: () => void;
}

/** Spec §2 issue-submission dialog: subject, description, uploaded attachments, then submitIssue. */
export function IssueDialog({ open, onClose }: IssueDialogProps) {
  const { t } = useTranslation('profile');
  const { show } = useSnackbar();
  const { query, tenant, claims } = useOwnProfile();
  const fileInputId = useId();
  const [attachments, setAttachments] = useState<Attachment[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  const counter = useRef(0);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<FormValues>({
    resolver: zodResolver(useMemo(() => issueFormSchema(t), [t])),
    defaultValues: { subject: '', description: '' },
  });

  // Uploads still running when the dialog goes away are cancelled.
  const live = useRef(attachments);
  live.current = attachments;
  useEffect(
    () => () => {
      for (const a of live.current) a.abort.abort();
    },
    [],
  );

  const profile = query.data;
  const userName = [profile?.firstname, profile?.lastname].filter(Boolean).join(' ') || claims?.username || '';
  const userEmail = [profile?.email, claims?.email, claims?.username].find((v): v is string => Boolean(v && isEmail(v))) ?? '';

  const submit = useMutation({
    mutationFn: (values: FormValues) =>
      request(submitIssueMutation, {
        tenant_uuid: tenant ?? '',
        user_name: userName || userEmail,
        user_email: userEmail,
        subject: values.subject,
        description: values.description,
        attached_files: attachments.flatMap((a) => (a.file ? [a.file.server_filename] : [])),
      }),
    onSuccess: () => {
      show({ message: t('issue.submitted'), color: 'success' });
      reset();
      setAttachments([]);
      setNotice(null);
      onClose();
    },
    onError: (error) => {
      console.error('submitIssue failed', error);
      show({ message: t('issue.failed'), color: 'error' });
    },
  });

  const update = (key: number, change: Partial<Attachment>) =>
    setAttachments((list) => list.map((a) => (a.key === key ? { ...a, ...change } : a)));

  const addFiles = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = Array.from(event.target.files ?? []);
    event.target.value = '';
    const room = ISSUE_ATTACHMENTS_MAX - attachments.filter((a) => a.state !== 'error').length;
    setNotice(chosen.length > room ? t('issue.tooMany', { count: ISSUE_ATTACHMENTS_MAX }) : null);
    for (const file of chosen.slice(0, Math.max(0, room))) {
      counter.current += 1;
      const key = counter.current;
      const abort = new AbortController();
      const problem = file.size > FILE_MAX_BYTES ? t('issue.tooLarge') : !FILE_TYPES[fileExtension(file.name)] ? t('issue.badType') : null;
      setAttachments((list) => [
        ...list,
        { key, name: file.name, progress: 0, state: problem ? 'error' : 'uploading', error: problem ?? undefined, abort },
      ]);
      if (problem || !tenant) continue;
      uploadFile(file, tenant, { signal: abort.signal, sourceTable: 'issues', onProgress: (progress) => update(key, { progress }) })
        .then((stored) => update(key, { state: 'done', file: stored, progress: 100 }))
        .catch((error: unknown) => {
          if (error instanceof DOMException && error.name === 'AbortError') return;
          update(key, { state: 'error', error: uploadProblem(t, error) });
        });
    }
  };

  const remove = (key: number) => {
    setAttachments((list) => {
      list.find((a) => a.key === key)?.abort.abort();
      return list.filter((a) => a.key !== key);
    });
  };

  const uploading = attachments.some((a) => a.state === 'uploading');
  const close = () => {
    if (submit.isPending) return;
    onClose();
  };

  return (
    <AppDialog
      open={open}
      onClose={close}
      title={t('issue.title')}
      editMode
      loading={submit.isPending}
      cancelButton={{ onClick: close }}
      actionButton={{ label: t('issue.submit'), onClick: () => void handleSubmit((values) => submit.mutate(values))() }}
      actionButtonDisabled={uploading || !tenant}
    >
      <Stack component="form" noValidate spacing={2} onSubmit={(event) => event.preventDefault()} sx={{ pt: 1 }}>
        <Typography variant="body2">{t('issue.intro')}</Typography>
        <TextField
          label={t('issue.subject')}
          required
          fullWidth
          {...register('subject')}
          error={Boolean(errors.subject)}
          helperText={errors.subject?.message}
        />
        <TextField
          label={t('issue.description')}
          required
          fullWidth
          multiline
          minRows={4}
          {...register('description')}
          error={Boolean(errors.description)}
          helperText={errors.description?.message}
        />
        <Box>
          <Button component="label" htmlFor={fileInputId} variant="outlined" startIcon={<AttachFileIcon />}>
            {t('issue.attach')}
            <input id={fileInputId} type="file" multiple accept={FILE_ACCEPT} hidden onChange={addFiles} />
          </Button>
          <Typography variant="caption" component="p" sx={{ mt: 0.5, color: 'text.secondary' }}>
            {t('issue.attachHelp', { count: ISSUE_ATTACHMENTS_MAX })}
          </Typography>
        </Box>
        {notice && <Alert severity="warning">{notice}</Alert>}
        {uploading && <Typography variant="body2">{t('issue.waitForUploads')}</Typography>}
        {attachments.length > 0 && (
          <List dense aria-label={t('issue.attach')}>
            {attachments.map((a) => (
              <ListItem
                key={a.key}
                disableGutters
                secondaryAction={
                  <IconButton edge="end" aria-label={t('issue.remove', { name: a.name })} onClick={() => remove(a.key)}>
                    <DeleteOutlineIcon />
                  </IconButton>
                }
              >
                <ListItemText
                  primary={a.name}
                  secondary={
                    a.state === 'error' ? (
                      <Typography component="span" variant="body2" color="error">
                        {t('issue.uploadFailed', { name: a.name, message: a.error })}
                      </Typography>
                    ) : (
                      <LinearProgress
                        variant="determinate"
                        value={a.progress}
                        aria-label={a.state === 'done' ? t('issue.uploaded', { name: a.name }) : t('issue.uploading', { name: a.name })}
                        sx={{ mt: 1, mr: 2 }}
                      />
                    )
                  }
                  slotProps={{ secondary: { component: 'div' } }}
                />
              </ListItem>
            ))}
          </List>
        )}
      </Stack>
    </AppDialog>
  );
}
