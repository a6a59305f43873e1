import CameraAltIcon from '@mui/icons-material/CameraAlt';
import CloseIcon from '@mui/icons-material/Close';
import CloudUploadIcon from '@mui/icons-material/CloudUploadOutlined';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdfOutlined';
import ReplayIcon from '@mui/icons-material/Replay';
import { Alert, Box, Button, IconButton, LinearProgress, Stack, Typography, useMediaQuery } from '@mui/material';
import { alpha } from '@mui/material/styles';
import { type ChangeEvent, type DragEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../shell/app-dialog';
import type { StoredFile } from './upload-file';
import { type FileUploads, type UploadItem, useFileUploads } from './use-file-uploads';

/** Photos and PDFs; on phones the picker also offers the camera. */
const IMAGE_OR_PDF = 'image/*,application/pdf';
const PHONE_OR_TOUCH = '(max-width: 599.95px), (pointer: coarse)';

interface FileUploadFieldProps {
  uploads: FileUploads;
  accept?: string;
  multiple?: boolean;
  /** Offer a "Take photo" button that opens the rear camera on phones. Default true. */
  camera?: boolean;
  /** Shown above the buttons (e.g. "Photo of the receipt"). */
  label?: string;
  disabled?: boolean;
  /** List the files that finished uploading too (default true); false when a gallery beside it shows them. */
  showDone?: boolean;
}

/**
 * The picking half of the "custom file upload" dialog, to put inside any form: take a photo, choose or drop files,
 * see each file's progress, retry a failed one (the same file, no re-picking) or remove it.
 */
export function FileUploadField({
  uploads,
  accept = IMAGE_OR_PDF,
  multiple = true,
  camera = true,
  label,
  disabled,
  showDone = true,
}: FileUploadFieldProps) {
  const { t } = useTranslation('files');
  const phone = useMediaQuery(PHONE_OR_TOUCH, { noSsr: true });
  const [dragging, setDragging] = useState(false);

  const picked = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    event.target.value = '';
    if (files.length) uploads.add(files);
  };
  const listed = showDone ? uploads.items : uploads.items.filter((item) => item.state !== 'done');
  const dropped = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (!disabled && event.dataTransfer.files.length) uploads.add(Array.from(event.dataTransfer.files));
  };

  return (
    <Stack spacing={1.5}>
      <Box
        onDragOver={(event) => {
          event.preventDefault();
          if (!disabled) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={dropped}
        data-testid="file-drop-zone"
        sx={(theme) => ({
          border: '2px dashed',
          borderColor: dragging ? 'primary.main' : 'divider',
          borderRadius: 2,
          p: 2,
          textAlign: 'center',
          bgcolor: dragging ? alpha(theme.palette.primary.main, 0.08) : 'transparent',
        })}
      >
        {label && (
          <Typography variant="subtitle2" component="p" sx={{ mb: 1 }}>
            {label}
          </Typography>
        )}
        {!phone && (
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'center', alignItems: 'center', mb: 1, color: 'text.secondary' }}>
            <CloudUploadIcon aria-hidden />
            <Typography variant="body2">{t('upload.drop')}</Typography>
          </Stack>
        )}
        <Stack direction="row" spacing={1} useFlexGap sx={{ justifyContent: 'center', flexWrap: 'wrap' }}>
          {camera && phone && (
            <Button component="label" variant="contained" startIcon={<CameraAltIcon />} disabled={disabled}>
              {t('upload.takePhoto')}
              <input type="file" accept="image/*" capture="environment" hidden onChange={picked} disabled={disabled} />
            </Button>
          )}
          <Button component="label" variant={camera && phone ? 'outlined' : 'contained'} disabled={disabled}>
            {multiple ? t('upload.choose') : t('upload.chooseOne')}
            <input type="file" accept={accept} multiple={multiple} hidden onChange={picked} disabled={disabled} />
          </Button>
        </Stack>
        <Typography variant="caption" component="p" sx={{ mt: 1, color: 'text.secondary' }}>
          {t('upload.help')}
        </Typography>
      </Box>
      {listed.length > 0 && (
        <Stack component="ul" spacing={1} aria-label={t('upload.listLabel')} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {listed.map((item) => (
            <UploadRow key={item.key} item={item} onRetry={() => uploads.retry(item.key)} onRemove={() => uploads.remove(item.key)} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function UploadRow({ item, onRetry, onRemove }: { item: UploadItem; onRetry: () => void; onRemove: () => void }) {
  const { t } = useTranslation('files');
  const thumbnail = item.stored?.thumbnail_base64 ?? item.preview;
  const pdf = (item.stored?.mimetype ?? item.file?.type ?? '') === 'application/pdf';
  return (
    <Box
      component="li"
      data-testid="upload-item"
      data-state={item.state}
      sx={{ display: 'flex', alignItems: 'center', gap: 1.5, p: 1, border: 1, borderColor: 'divider', borderRadius: 2 }}
    >
      <Box
        sx={{
          width: 48,
          height: 48,
          flexShrink: 0,
          borderRadius: 1,
          overflow: 'hidden',
          bgcolor: 'action.hover',
          display: 'grid',
          placeItems: 'center',
        }}
      >
        {thumbnail ? (
          <Box component="img" src={thumbnail} alt="" sx={{ width: '100%', height: '100%', objectFit: 'cover' }} />
        ) : (
          <PictureAsPdfIcon color={pdf ? 'error' : 'disabled'} aria-hidden />
        )}
      </Box>
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <Typography variant="body2" noWrap title={item.name}>
          {item.name}
        </Typography>
        {item.state === 'error' ? (
          <Typography variant="caption" color="error" role="alert" component="p">
            {t('upload.failed', { name: item.name, message: item.error ?? t('upload.network') })}
          </Typography>
        ) : (
          <LinearProgress
            variant="determinate"
            value={item.progress}
            aria-label={item.state === 'done' ? t('upload.uploaded', { name: item.name }) : t('upload.uploading', { name: item.name })}
            color={item.state === 'done' ? 'success' : 'primary'}
            sx={{ mt: 0.75, borderRadius: 1 }}
          />
        )}
      </Box>
      {item.state === 'error' && item.file && (
        <Button size="small" startIcon={<ReplayIcon />} onClick={onRetry} aria-label={t('upload.retryName', { name: item.name })}>
          {t('upload.retry')}
        </Button>
      )}
      <IconButton size="small" aria-label={t('upload.remove', { name: item.name })} onClick={onRemove}>
        <CloseIcon fontSize="small" />
      </IconButton>
    </Box>
  );
}

interface FileUploadDialogProps {
  open: boolean;
  tenant: string | null;
  /** The record table the files are for (sent with each upload). */
  sourceTable?: string;
  title?: string;
  accept?: string;
  multiple?: boolean;
  camera?: boolean;
  max?: number;
  /** The stored files, when the person presses Done. */
  onDone: (files: StoredFile[]) => void;
  onClose: () => void;
}

/** Spec "custom file upload" dialog: pick, photograph or drop files, watch them upload, then Done. */
export function FileUploadDialog({
  open,
  tenant,
  sourceTable,
  title,
  accept,
  multiple,
  camera,
  max,
  onDone,
  onClose,
}: FileUploadDialogProps) {
  const { t } = useTranslation('files');
  const [tooMany, setTooMany] = useState(false);
  const uploads = useFileUploads({ tenant, sourceTable, max, onTooMany: () => setTooMany(true) });
  const close = () => {
    uploads.reset();
    setTooMany(false);
    onClose();
  };
  return (
    <AppDialog
      open={open}
      onClose={close}
      title={title ?? t('upload.title')}
      editMode
      cancelButton={{ onClick: close, label: t('upload.cancel') }}
      actionButton={{
        label: t('upload.done'),
        onClick: () => {
          onDone(uploads.files);
          uploads.reset();
          setTooMany(false);
        },
      }}
      actionButtonDisabled={uploads.uploading || uploads.files.length === 0}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <FileUploadField uploads={uploads} accept={accept} multiple={multiple} camera={camera} />
        {tooMany && max !== undefined && <Alert severity="warning">{t('upload.tooMany', { count: max })}</Alert>}
        {uploads.uploading && (
          <Typography variant="body2" color="text.secondary">
            {t('upload.waiting')}
          </Typography>
        )}
      </Stack>
    </AppDialog>
  );
}
