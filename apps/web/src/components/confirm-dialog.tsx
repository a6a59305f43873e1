import type { ButtonProps } from '@mui/material';
import { DialogContentText } from '@mui/material';
import { AppDialog } from '../shell/app-dialog';

interface ConfirmDialogProps {
  title: string;
  body: string;
  confirmLabel: string;
  color?: ButtonProps['color'];
  loading: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** A question with Cancel and one action, for changes that cannot simply be undone. */
export function ConfirmDialog({ title, body, confirmLabel, color = 'primary', loading, onConfirm, onClose }: ConfirmDialogProps) {
  return (
    <AppDialog
      open
      onClose={onClose}
      title={title}
      loading={loading}
      cancelButton={{ onClick: onClose }}
      actionButton={{ onClick: onConfirm, label: confirmLabel, color }}
    >
      <DialogContentText>{body}</DialogContentText>
    </AppDialog>
  );
}
