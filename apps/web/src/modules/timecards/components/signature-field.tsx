import { Box, Button, Stack, TextField, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import SignaturePad from 'signature_pad';

interface SignatureFieldProps {
  /** A PNG data URL of the signature, or null while there is none. */
  onChange: (image: string | null) => void;
}

const HEIGHT = 160;

/**
 * A signature drawn with a finger, pen or mouse. For keyboard and screen-reader users (and anyone who prefers it)
 * typing the name writes it onto the same canvas, so either way the card carries a signature image.
 */
export function SignatureField({ onChange }: SignatureFieldProps) {
  const { t } = useTranslation('timecards');
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const padRef = useRef<SignaturePad | null>(null);
  const [typed, setTyped] = useState('');
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    // Drawn lines stay sharp on high-density screens: the bitmap is sized in device pixels.
    const ratio = Math.max(window.devicePixelRatio || 1, 1);
    canvas.width = canvas.offsetWidth * ratio;
    canvas.height = HEIGHT * ratio;
    canvas.getContext('2d')?.scale(ratio, ratio);
    const pad = new SignaturePad(canvas, { backgroundColor: 'rgb(255,255,255)', penColor: 'rgb(20,20,20)' });
    pad.clear();
    padRef.current = pad;
    const ended = () => {
      setTyped('');
      onChangeRef.current(pad.isEmpty() ? null : pad.toDataURL('image/png'));
    };
    pad.addEventListener('endStroke', ended);
    return () => {
      pad.removeEventListener('endStroke', ended);
      pad.off();
      padRef.current = null;
    };
  }, []);

  const clear = () => {
    padRef.current?.clear();
    setTyped('');
    onChange(null);
  };

  const type = (name: string) => {
    setTyped(name);
    const pad = padRef.current;
    const canvas = canvasRef.current;
    if (!pad || !canvas) return;
    pad.clear();
    if (!name.trim()) {
      onChange(null);
      return;
    }
    const ctx = canvas.getContext('2d');
    if (!ctx) return;
    const width = canvas.offsetWidth;
    ctx.fillStyle = 'rgb(20,20,20)';
    ctx.font = `italic 36px "Brush Script MT", "Segoe Script", cursive`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText(name.trim(), width / 2, HEIGHT / 2, width - 24);
    onChange(canvas.toDataURL('image/png'));
  };

  return (
    <Stack spacing={1}>
      <Typography id="signature-label" variant="body2" color="text.secondary">
        {t('sign.drawHint')}
      </Typography>
      <Box
        sx={{
          border: 2,
          borderStyle: 'dashed',
          borderColor: 'divider',
          borderRadius: 1,
          bgcolor: '#fff',
          touchAction: 'none',
          height: HEIGHT,
        }}
      >
        <canvas
          ref={canvasRef}
          role="img"
          aria-labelledby="signature-label"
          data-testid="signature-canvas"
          style={{ width: '100%', height: HEIGHT, display: 'block', cursor: 'crosshair' }}
        />
      </Box>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <TextField
          label={t('sign.typeName')}
          value={typed}
          onChange={(e) => type(e.target.value)}
          size="small"
          sx={{ flexGrow: 1 }}
          slotProps={{ htmlInput: { maxLength: 80, autoComplete: 'name' } }}
        />
        <Button onClick={clear}>{t('sign.clear')}</Button>
      </Stack>
    </Stack>
  );
}
