import { Backdrop, CircularProgress, Stack } from '@mui/material';
import type { ReactNode } from 'react';

interface LoadingOverlayProps {
  open: boolean;
  /** What is loading, for screen readers (the spinner's name). */
  label: string;
  /** Optional content under the spinner, e.g. a way to stop waiting. */
  children?: ReactNode;
}

/**
 * A full-page scrim with a spinner while something blocks the whole page. Spec §9 layering: overlays sit at
 * z-index 2000, under dialogs (2400), so a dialog opened meanwhile stays usable.
 */
export function LoadingOverlay({ open, label, children }: LoadingOverlayProps) {
  return (
    <Backdrop open={open} data-testid="loading-overlay" sx={{ zIndex: (theme) => theme.zIndex.overlay, color: '#fff' }}>
      <Stack spacing={2} sx={{ alignItems: 'center' }}>
        <CircularProgress color="inherit" aria-label={label} />
        {children}
      </Stack>
    </Backdrop>
  );
}
