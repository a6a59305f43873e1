import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import { Box, IconButton, Stack, TextField, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { FileUploadField } from '../../components/files/file-upload-dialog';
import type { FileUploads } from '../../components/files/use-file-uploads';

/** The report's photos, each with its caption; added and removed while the report is not archived. */
export function ReportPhotos({
  uploads,
  captions,
  archived,
  onCaptionsChange,
}: {
  uploads: FileUploads;
  captions: Record<string, string>;
  archived: boolean;
  onCaptionsChange: (captions: Record<string, string>) => void;
}) {
  const { t } = useTranslation('project-notes');
  return (
    <Stack spacing={1}>
      <Typography variant="subtitle1" component="h3">
        {t('dialog.photos')}
      </Typography>
      {uploads.files.map((f, i) => (
        <Stack key={f.uuid} direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
          {f.thumbnail_base64 ? (
            <Box component="img" src={f.thumbnail_base64} alt="" sx={{ width: 64, height: 64, objectFit: 'cover', borderRadius: 1 }} />
          ) : (
            <Box sx={{ width: 64, height: 64, bgcolor: 'action.hover', borderRadius: 1 }} />
          )}
          <TextField
            size="small"
            fullWidth
            disabled={archived}
            label={t('dialog.caption', { n: i + 1 })}
            value={captions[f.uuid] ?? ''}
            onChange={(e) => onCaptionsChange({ ...captions, [f.uuid]: e.target.value })}
          />
          {!archived && (
            <IconButton aria-label={t('dialog.removePhoto', { n: i + 1 })} onClick={() => uploads.removeFile(f.uuid)}>
              <DeleteIcon />
            </IconButton>
          )}
        </Stack>
      ))}
      {!archived && <FileUploadField uploads={uploads} accept="image/*" label={t('dialog.addPhotos')} showDone={false} />}
    </Stack>
  );
}
