import { Alert, Button } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A read that failed: what failed, and a button to read again. */
export function RetryAlert({ onRetry, children }: { onRetry: () => unknown; children: ReactNode }) {
  const { t } = useTranslation('company');
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={() => onRetry()}>
          {t('retry')}
        </Button>
      }
    >
      {children}
    </Alert>
  );
}
