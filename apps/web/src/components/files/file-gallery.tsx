import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import CloseIcon from '@mui/icons-material/Close';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdfOutlined';
import { Box, ButtonBase, Dialog, IconButton, Stack, Typography } from '@mui/material';
import { type KeyboardEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fileUrl, isImage, type StoredFile } from './upload-file';

interface FileGalleryProps {
  files: readonly StoredFile[];
  /** Thumbnail edge in px (default 96). */
  size?: number;
  label?: string;
  /** Shows a remove control on each tile. */
  onRemove?: (file: StoredFile) => void;
}

/**
 * Thumbnails of a record's files. An image opens in a lightbox at full size (left/right arrows step through the
 * images, Escape closes); a PDF is a tile that opens in a new tab.
 */
export function FileGallery({ files, size = 96, label, onRemove }: FileGalleryProps) {
  const { t } = useTranslation('files');
  const images = files.filter(isImage);
  const [open, setOpen] = useState<number | null>(null);
  if (files.length === 0) return null;
  return (
    <>
      <Box
        component="ul"
        aria-label={label ?? t('gallery.label')}
        sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1, gridTemplateColumns: `repeat(auto-fill, minmax(${size}px, 1fr))` }}
      >
        {files.map((file) => (
          <Box component="li" key={file.uuid} sx={{ aspectRatio: '1', minWidth: 0, position: 'relative' }}>
            {isImage(file) ? (
              <ButtonBase
                onClick={() => setOpen(images.indexOf(file))}
                aria-label={t('gallery.open', { name: file.original_name })}
                sx={{ width: '100%', height: '100%', borderRadius: 2, overflow: 'hidden', bgcolor: 'action.hover' }}
              >
                <Box
                  component="img"
                  src={file.thumbnail_base64 ?? `${fileUrl(file.uuid)}/thumbnail`}
                  alt=""
                  loading="lazy"
                  sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
                />
              </ButtonBase>
            ) : (
              <ButtonBase
                component="a"
                href={fileUrl(file.uuid)}
                target="_blank"
                rel="noopener"
                aria-label={t('gallery.openPdf', { name: file.original_name })}
                sx={{
                  width: '100%',
                  height: '100%',
                  borderRadius: 2,
                  border: 1,
                  borderColor: 'divider',
                  flexDirection: 'column',
                  gap: 0.5,
                  p: 1,
                  color: 'text.primary',
                }}
              >
                <PictureAsPdfIcon color="error" aria-hidden />
                <Typography variant="caption" noWrap sx={{ maxWidth: '100%' }}>
                  {file.original_name}
                </Typography>
              </ButtonBase>
            )}
            {onRemove && (
              <IconButton
                size="small"
                aria-label={t('gallery.remove', { name: file.original_name })}
                onClick={() => onRemove(file)}
                sx={{
                  position: 'absolute',
                  top: 4,
                  right: 4,
                  bgcolor: 'rgba(0,0,0,0.6)',
                  color: 'common.white',
                  '&:hover': { bgcolor: 'rgba(0,0,0,0.8)' },
                }}
              >
                <CloseIcon fontSize="small" />
              </IconButton>
            )}
          </Box>
        ))}
      </Box>
      {open !== null && images.length > 0 && (
        <Lightbox images={images} index={Math.min(open, images.length - 1)} onIndex={setOpen} onClose={() => setOpen(null)} />
      )}
    </>
  );
}

interface LightboxProps {
  images: readonly StoredFile[];
  index: number;
  onIndex: (index: number) => void;
  onClose: () => void;
}

/** One image at full size over a dark backdrop, with previous/next for several. */
function Lightbox({ images, index, onIndex, onClose }: LightboxProps) {
  const { t } = useTranslation('files');
  const titleId = useId();
  const file = images[index];
  const many = images.length > 1;
  const step = (by: number) => onIndex((index + by + images.length) % images.length);
  const keys = (event: KeyboardEvent) => {
    if (!many) return;
    if (event.key === 'ArrowLeft') {
      event.preventDefault();
      step(-1);
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      step(1);
    }
  };
  if (!file) return null;
  return (
    <Dialog
      open
      onClose={onClose}
      fullScreen
      aria-labelledby={titleId}
      onKeyDown={keys}
      slotProps={{ paper: { 'data-testid': 'lightbox', sx: { bgcolor: 'grey.900', color: 'common.white' } } as object }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', p: 1, pl: 2 }}>
        <Typography id={titleId} component="h2" variant="subtitle1" noWrap sx={{ flexGrow: 1, minWidth: 0 }}>
          {file.original_name}
        </Typography>
        {many && (
          <Typography variant="body2" sx={{ opacity: 0.8 }}>
            {t('gallery.position', { index: index + 1, count: images.length })}
          </Typography>
        )}
        <IconButton
          component="a"
          href={fileUrl(file.uuid)}
          target="_blank"
          rel="noopener"
          aria-label={t('gallery.download')}
          color="inherit"
        >
          <OpenInNewIcon />
        </IconButton>
        <IconButton aria-label={t('gallery.close')} onClick={onClose} color="inherit">
          <CloseIcon />
        </IconButton>
      </Stack>
      <Box sx={{ flexGrow: 1, minHeight: 0, position: 'relative', display: 'grid', placeItems: 'center', p: { xs: 1, sm: 3 } }}>
        <Box
          component="img"
          key={file.uuid}
          src={fileUrl(file.uuid)}
          alt={file.original_name}
          sx={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain', borderRadius: 1 }}
        />
        {many && (
          <>
            <IconButton
              aria-label={t('gallery.previous')}
              onClick={() => step(-1)}
              sx={{
                position: 'absolute',
                left: 8,
                top: '50%',
                transform: 'translateY(-50%)',
                bgcolor: 'rgba(0,0,0,0.55)',
                color: 'common.white',
              }}
            >
              <ChevronLeftIcon />
            </IconButton>
            <IconButton
              aria-label={t('gallery.next')}
              onClick={() => step(1)}
              sx={{
                position: 'absolute',
                right: 8,
                top: '50%',
                transform: 'translateY(-50%)',
                bgcolor: 'rgba(0,0,0,0.55)',
                color: 'common.white',
              }}
            >
              <ChevronRightIcon />
            </IconButton>
          </>
        )}
      </Box>
    </Dialog>
  );
}
