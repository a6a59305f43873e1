import { parseBulkItems } from '@groundwork/core/ordering';
import { Alert, Button, Stack, TextField, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../shell/app-dialog';
import { useSnackbar } from '../../shell/snackbar';
import { bulkCreateItems, type TreeNode } from './api';
import { refusal, useDone } from './catalogue-shared';
import { TypeSelect } from './type-select';

/** Paste a list or choose a CSV file; the whole batch is added or none of it (spec §5 duplicate messages). */
export function BulkItemsDialog({ tenant, types, onClose }: { tenant: string; types: TreeNode[]; onClose: () => void }) {
  const { t } = useTranslation('ordering');
  const done = useDone(tenant);
  const snackbar = useSnackbar();
  const [text, setText] = useState('');
  const [typeId, setTypeId] = useState<number | ''>('');
  const [error, setError] = useState<string | null>(null);
  const parsed = parseBulkItems(text);
  const add = useMutation({
    mutationFn: () => bulkCreateItems(tenant, parsed, typeId === '' ? null : typeId),
    onSuccess: (made) => {
      done(t('messages.itemsAdded', { count: made.length }));
      onClose();
    },
    onError: (e) => {
      const message = refusal(e, t('messages.addItemsFailed'));
      setError(message);
      snackbar.show({ color: 'error', message });
    },
  });
  return (
    <AppDialog
      open
      onClose={onClose}
      title={t('bulk.title')}
      loading={add.isPending}
      width={640}
      cancelButton={{ onClick: onClose, label: t('cancel') }}
      actionButton={{ onClick: () => add.mutate(), label: t('bulk.add') }}
      actionButtonDisabled={parsed.length === 0}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <Typography variant="body2" color="text.secondary">
          {t('bulk.help')}
        </Typography>
        {error && (
          <Alert severity="error" role="alert">
            {error}
          </Alert>
        )}
        <TextField
          label={t('bulk.paste')}
          multiline
          minRows={8}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setError(null);
          }}
          slotProps={{ htmlInput: { spellCheck: false } }}
        />
        <Button component="label" variant="outlined" sx={{ alignSelf: 'flex-start' }}>
          {t('bulk.file')}
          <input
            type="file"
            accept=".csv,text/csv,text/plain"
            hidden
            onChange={async (e) => {
              const file = e.target.files?.[0];
              if (file) setText(await file.text());
            }}
          />
        </Button>
        <TypeSelect label={t('bulk.type')} noneLabel={t('bulk.none')} types={types} value={typeId} onChange={setTypeId} />
        <Typography role="status" variant="body2">
          {t('bulk.preview', { count: parsed.length })}
        </Typography>
      </Stack>
    </AppDialog>
  );
}
