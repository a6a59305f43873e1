import { parseScan } from '@groundwork/core/tools';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as api from './api';

/** Finds a tool by its QR label (camera) or by its typed number. */
export function ScanDialog({ tenant, onClose, onFound }: { tenant: string; onClose: () => void; onFound: (id: number) => void }) {
  const { t } = useTranslation('tools');
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const video = useRef<HTMLVideoElement>(null);
  const find = async (raw: string) => {
    const target = parseScan(raw);
    if (target?.kind !== 'tool') return setError(t('scan.notFound'));
    const tool = await api.getTool({ tenant_uuid: tenant, tool_number: target.number }).catch(() => null);
    if (tool) onFound(tool.id);
    else setError(t('scan.notFound'));
  };
  const findRef = useRef(find);
  findRef.current = find;
  useEffect(() => {
    let stop: (() => void) | undefined;
    let cancelled = false;
    if (!navigator.mediaDevices?.getUserMedia || !video.current) return;
    import('@zxing/browser')
      .then(async ({ BrowserQRCodeReader }) => {
        if (cancelled || !video.current) return;
        const reader = new BrowserQRCodeReader();
        const controls = await reader.decodeFromVideoDevice(undefined, video.current, (result) => {
          if (result) {
            controls.stop();
            void findRef.current(result.getText());
          }
        });
        stop = () => controls.stop();
      })
      .catch(() => setError(t('scan.noCamera')));
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [t]);
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>{t('scan.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Box
            component="video"
            ref={video}
            muted
            playsInline
            aria-label={t('scan.camera')}
            sx={{ width: '100%', maxHeight: 240, bgcolor: 'grey.900', borderRadius: 1 }}
          />
          <Box
            component="form"
            onSubmit={(e) => {
              e.preventDefault();
              void find(typed);
            }}
          >
            <Stack direction="row" spacing={1}>
              <TextField label={t('scan.number')} value={typed} onChange={(e) => setTyped(e.target.value)} size="small" autoFocus />
              <Button type="submit" variant="contained">
                {t('scan.find')}
              </Button>
            </Stack>
          </Box>
          {error && <Alert severity="warning">{error}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
