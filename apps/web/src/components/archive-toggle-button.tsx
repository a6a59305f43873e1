import ArchiveIcon from '@mui/icons-material/ArchiveOutlined';
import UnarchiveIcon from '@mui/icons-material/UnarchiveOutlined';
import { Button } from '@mui/material';

/** A dialog header's small archive button, or restore once the record is archived. */
export function ArchiveToggleButton({
  archived,
  disabled,
  onClick,
  archiveLabel,
  restoreLabel,
}: {
  archived: boolean;
  disabled?: boolean;
  onClick: () => void;
  archiveLabel: string;
  restoreLabel: string;
}) {
  return (
    <Button size="small" startIcon={archived ? <UnarchiveIcon /> : <ArchiveIcon />} disabled={disabled} onClick={onClick}>
      {archived ? restoreLabel : archiveLabel}
    </Button>
  );
}
