import { Alert, Button } from '@mui/material';
import type { ReactNode } from 'react';

/** A failed load's error, with a Retry button that fetches again. */
export function RetryAlert({ retryLabel, onRetry, children }: { retryLabel: string; onRetry: () => void; children: ReactNode }) {
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          {retryLabel}
        </Button>
      }
    >
      {children}
    </Alert>
  );
}
