import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/Edit';
import { IconButton, Stack, Switch, Tooltip, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../../shell/app-dialog';

// What the lists of company setup (departments, divisions, a person's links) share: each row's controls and the
// question before a delete.

interface RowActionsProps {
  active: boolean;
  onActive: (active: boolean) => void;
  onEdit: () => void;
  onDelete: () => void;
  /** The controls' accessible names, each naming the row. */
  labels: { active: string; edit: string; delete: string };
  /** What switching does, shown on hover. */
  activeHint?: string;
}

/** A row's switch (active or not), edit and delete. */
export function RowActions({ active, onActive, onEdit, onDelete, labels, activeHint }: RowActionsProps) {
  const activeSwitch = (
    <Switch checked={active} onChange={(event) => onActive(event.target.checked)} slotProps={{ input: { 'aria-label': labels.active } }} />
  );
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
      {activeHint ? <Tooltip title={activeHint}>{activeSwitch}</Tooltip> : activeSwitch}
      <IconButton aria-label={labels.edit} onClick={onEdit}>
        <EditIcon />
      </IconButton>
      <IconButton aria-label={labels.delete} onClick={onDelete}>
        <DeleteOutlineIcon />
      </IconButton>
    </Stack>
  );
}

interface ConfirmDeleteProps<Row> {
  /** The row asked about; null keeps the dialog closed. */
  row: Row | null;
  title: string;
  body: (row: Row | null) => string;
  deleting: boolean;
  onCancel: () => void;
  onDelete: (row: Row) => void;
}

export function ConfirmDelete<Row>({ row, title, body, deleting, onCancel, onDelete }: ConfirmDeleteProps<Row>) {
  const { t } = useTranslation('company');
  return (
    <AppDialog
      open={row !== null}
      onClose={onCancel}
      title={title}
      loading={deleting}
      cancelButton={{ onClick: onCancel }}
      actionButton={{ label: t('records.delete'), color: 'error', onClick: () => row && onDelete(row) }}
    >
      <Typography>{body(row)}</Typography>
    </AppDialog>
  );
}
