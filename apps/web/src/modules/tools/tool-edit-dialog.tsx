import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
  TextField,
  useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../components/date-field';
import { FileGallery } from '../../components/files/file-gallery';
import { FileUploadField } from '../../components/files/file-upload-dialog';
import type { StoredFile } from '../../components/files/upload-file';
import { useFileUploads } from '../../components/files/use-file-uploads';
import { GraphQLRequestError } from '../../lib/graphql';
import { refusalText } from '../../lib/refusals';
import { useSnackbar } from '../../shell/snackbar';
import * as api from './api';

const TOOLS_SOURCE_TABLE = 'tools';
const MAX_PHOTOS = 10;

/** Dollars as typed ("1,249.99") to cents, or null when empty; undefined when it is not an amount. */
function parseCost(text: string): number | null | undefined {
  const clean = text.replace(/[$,\s]/g, '');
  if (clean === '') return null;
  if (!/^\d+(\.\d{1,2})?$/.test(clean)) return undefined;
  return Math.round(Number(clean) * 100);
}

/**
 * An admin's edit of a tool (issue 16): its details, purchase date and cost, and its photos through the files
 * service (uploaded as they are picked, attached on save). The server's words are shown when it refuses.
 */
export function ToolEditDialog({ tenant, tool, onClose }: { tenant: string; tool: api.Tool; onClose: () => void }) {
  const { t } = useTranslation('tools');
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const qc = useQueryClient();
  const snackbar = useSnackbar();
  const [v, setV] = useState({
    name: tool.name,
    description: tool.description ?? '',
    category: tool.category ?? '',
    make: tool.make ?? '',
    model: tool.model ?? '',
    serial: tool.serial ?? '',
    purchase_date: tool.purchase_date ?? '',
    cost: tool.purchase_cost_cents == null ? '' : (tool.purchase_cost_cents / 100).toFixed(2),
  });
  const [tooMany, setTooMany] = useState(false);
  const uploads = useFileUploads({
    tenant,
    sourceTable: TOOLS_SOURCE_TABLE,
    initial: tool.photos.map((p): StoredFile => ({ ...p, ext: '', bytes: 0 })),
    max: MAX_PHOTOS,
    onTooMany: () => setTooMany(true),
  });
  const cost = parseCost(v.cost);
  const save = useMutation({
    mutationFn: async () => {
      const blank = (s: string) => s.trim() || null;
      await api.updateTool({
        tenant_uuid: tenant,
        id: tool.id,
        changes: {
          name: v.name.trim(),
          description: blank(v.description),
          category: blank(v.category),
          make: blank(v.make),
          model: blank(v.model),
          serial: blank(v.serial),
          purchase_date: v.purchase_date || null,
          purchase_cost_cents: cost ?? null,
        },
      });
      const before = tool.photos.map((p) => p.uuid).join();
      const after = uploads.files.map((f) => f.uuid);
      if (after.join() !== before) await api.setToolPhotos({ tenant_uuid: tenant, id: tool.id, file_uuids: after });
    },
    onSuccess: async () => {
      snackbar.show({ color: 'success', message: t('edit.saved') });
      await qc.invalidateQueries({ queryKey: ['tools', tenant] });
      onClose();
    },
    onError: (e) => snackbar.show({ color: 'error', message: e instanceof GraphQLRequestError ? refusalText(t, e) : t('edit.saveError') }),
  });
  const field = (key: 'name' | 'description' | 'category' | 'make' | 'model' | 'serial', extra: object = {}) => (
    <TextField label={t(`edit.${key}`)} value={v[key]} onChange={(e) => setV({ ...v, [key]: e.target.value })} {...extra} />
  );
  return (
    <Dialog open onClose={onClose} fullScreen={phone} fullWidth maxWidth="sm" aria-labelledby="tool-edit-title">
      <DialogTitle id="tool-edit-title">{t('edit.title', { number: tool.tool_number })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {field('name', { required: true, error: !v.name.trim() })}
          {field('description', { multiline: true, minRows: 2 })}
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            {field('category')}
            {field('make')}
            {field('model')}
            {field('serial')}
            <DateField
              label={t('edit.purchaseDate')}
              value={v.purchase_date}
              onChange={(e) => setV({ ...v, purchase_date: e.target.value })}
            />
            <TextField
              label={t('edit.purchaseCost')}
              value={v.cost}
              onChange={(e) => setV({ ...v, cost: e.target.value })}
              error={cost === undefined}
              helperText={cost === undefined ? t('edit.costFormat') : undefined}
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            />
          </Box>
          {uploads.files.length > 0 && (
            <FileGallery files={uploads.files} label={t('edit.photos')} onRemove={(file) => uploads.removeFile(file.uuid)} />
          )}
          <FileUploadField uploads={uploads} accept="image/*" label={t('edit.photos')} showDone={false} />
          {tooMany && <Alert severity="warning">{t('messages.tooManyPhotos', { max: MAX_PHOTOS })}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('cancel')}</Button>
        <Button
          variant="contained"
          disabled={!v.name.trim() || cost === undefined || uploads.uploading || save.isPending}
          onClick={() => save.mutate()}
        >
          {t('edit.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Archive (status 0) or restore (status 1) a tool, asking first before archiving. */
export function ToolArchiveButton({ tenant, tool }: { tenant: string; tool: api.Tool }) {
  const { t } = useTranslation('tools');
  const qc = useQueryClient();
  const snackbar = useSnackbar();
  const [asking, setAsking] = useState(false);
  const archived = tool.status !== 1;
  const change = useMutation({
    mutationFn: () => api.updateTool({ tenant_uuid: tenant, id: tool.id, changes: { status: archived ? 1 : 0 } }),
    onSuccess: async () => {
      setAsking(false);
      snackbar.show({ color: 'success', message: t(archived ? 'edit.restored' : 'edit.archived') });
      await qc.invalidateQueries({ queryKey: ['tools', tenant] });
    },
    onError: (e) => snackbar.show({ color: 'error', message: e instanceof GraphQLRequestError ? refusalText(t, e) : t('edit.saveError') }),
  });
  return (
    <>
      <Button
        color={archived ? 'primary' : 'error'}
        onClick={() => (archived ? change.mutate() : setAsking(true))}
        disabled={change.isPending}
      >
        {t(archived ? 'edit.restore' : 'edit.archive')}
      </Button>
      <Dialog open={asking} onClose={() => setAsking(false)} aria-labelledby="tool-archive-title">
        <DialogTitle id="tool-archive-title">{t('edit.archiveTitle', { number: tool.tool_number })}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('edit.archiveBody')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setAsking(false)}>{t('cancel')}</Button>
          <Button color="error" variant="contained" onClick={() => change.mutate()} disabled={change.isPending}>
            {t('edit.archive')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
