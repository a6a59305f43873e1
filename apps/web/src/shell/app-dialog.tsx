import CloseIcon from '@mui/icons-material/Close';
import CloseFullscreenIcon from '@mui/icons-material/CloseFullscreen';
import EditIcon from '@mui/icons-material/Edit';
import OpenInFullIcon from '@mui/icons-material/OpenInFull';
import {
  Box,
  Button,
  type ButtonProps,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  IconButton,
  LinearProgress,
  Stack,
  Switch,
  useMediaQuery,
} from '@mui/material';
import { keyframes } from '@mui/material/styles';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

// Spec §9 dialog constants.
const DIALOG_DEFAULT_WIDTH = 500;
const DIALOG_EXPANDED_WIDTH = '90%';
const DIALOG_MOBILE_QUERY = '(max-width: 599.95px)';
const BLINK_DELAY_MS = 3000;
const BLINK_DURATION_MS = 1000;

export interface DialogButton {
  label?: string;
  color?: ButtonProps['color'];
  variant?: ButtonProps['variant'];
  onClick: () => void;
}

export interface AppDialogProps {
  open: boolean;
  /** Called for the close control, an outside click or Escape (the last two not in edit mode). */
  onClose: () => void;
  title: ReactNode;
  /** Content pinned between the title and the scrolling body. */
  header?: ReactNode;
  loading?: boolean;
  width?: number | string;
  height?: number | string;
  deleteButton?: DialogButton;
  cancelButton?: DialogButton;
  actionButton?: DialogButton;
  actionButtonDisabled?: boolean;
  showViewOrEditOption?: boolean;
  /** Controlled edit mode; without `onEditModeChange` it is the starting value. */
  editMode?: boolean;
  onEditModeChange?: (editMode: boolean) => void;
  /** Controlled expansion; without `onExpandedChange` it is the starting value. */
  isExpanded?: boolean;
  onExpandedChange?: (isExpanded: boolean) => void;
  children?: ReactNode;
}

const blink = keyframes`
  0%, 50%, 100% { opacity: 1; }
  25%, 75% { opacity: 0.2; }
`;

/** Optional controlled state: follows the prop when a change handler is given, else keeps its own. */
function useMaybeControlled(value: boolean, onChange: ((next: boolean) => void) | undefined) {
  const [own, setOwn] = useState(value);
  useEffect(() => setOwn(value), [value]);
  const current = onChange ? value : own;
  const set = (next: boolean) => {
    setOwn(next);
    onChange?.(next);
  };
  return [current, set] as const;
}

/** Spec §2: view/edit toggle blinks for 1 s, 3 s after it appears, to get noticed. */
function useBlink(active: boolean): boolean {
  const [blinking, setBlinking] = useState(false);
  useEffect(() => {
    if (!active) return;
    let stop: ReturnType<typeof setTimeout> | undefined;
    const start = setTimeout(() => {
      setBlinking(true);
      stop = setTimeout(() => setBlinking(false), BLINK_DURATION_MS);
    }, BLINK_DELAY_MS);
    return () => {
      clearTimeout(start);
      if (stop) clearTimeout(stop);
      setBlinking(false);
    };
  }, [active]);
  return blinking;
}

export function AppDialog({
  open,
  onClose,
  title,
  header,
  loading = false,
  width = DIALOG_DEFAULT_WIDTH,
  height = 'auto',
  deleteButton,
  cancelButton,
  actionButton,
  actionButtonDisabled = false,
  showViewOrEditOption = false,
  editMode: editModeProp = false,
  onEditModeChange,
  isExpanded: isExpandedProp = false,
  onExpandedChange,
  children,
}: AppDialogProps) {
  const { t } = useTranslation('shell');
  const titleId = useId();
  const fullScreen = useMediaQuery(DIALOG_MOBILE_QUERY, { noSsr: true });
  const [editMode, setEditMode] = useMaybeControlled(editModeProp, onEditModeChange);
  const [expanded, setExpanded] = useMaybeControlled(isExpandedProp, onExpandedChange);
  const blinking = useBlink(open && showViewOrEditOption);

  const effectiveWidth = expanded && !fullScreen ? DIALOG_EXPANDED_WIDTH : width;
  const hasButtons = Boolean(deleteButton || cancelButton || actionButton);
  const blinkSx = blinking ? { animation: `${blink} ${BLINK_DURATION_MS}ms ease-in-out` } : undefined;

  return (
    <Dialog
      open={open}
      fullScreen={fullScreen}
      aria-labelledby={titleId}
      // Edit mode is persistent: only the close control or a button ends it (spec §2).
      onClose={(_event, reason) => {
        if (editMode && (reason === 'backdropClick' || reason === 'escapeKeyDown')) return;
        onClose();
      }}
      slotProps={{
        paper: {
          'data-testid': 'app-dialog',
          'data-edit-mode': String(editMode),
          'data-expanded': String(expanded && !fullScreen),
          sx: fullScreen ? undefined : { width: effectiveWidth, maxWidth: effectiveWidth, height },
        } as object,
      }}
    >
      <DialogTitle id={titleId} component="h2" sx={{ display: 'flex', alignItems: 'center', gap: 1, pr: 1 }}>
        <Box component="span" sx={{ flexGrow: 1, minWidth: 0 }}>
          {title}
        </Box>
        {showViewOrEditOption &&
          (fullScreen ? (
            <IconButton
              aria-label={t('dialog.edit')}
              aria-pressed={editMode}
              color={editMode ? 'primary' : 'default'}
              onClick={() => setEditMode(!editMode)}
              data-blinking={String(blinking)}
              sx={blinkSx}
            >
              <EditIcon />
            </IconButton>
          ) : (
            <FormControlLabel
              control={<Switch checked={editMode} onChange={(event) => setEditMode(event.target.checked)} />}
              label={t('dialog.editMode')}
              data-blinking={String(blinking)}
              sx={{ mr: 0, ...blinkSx }}
            />
          ))}
        {!fullScreen && (
          <IconButton aria-label={expanded ? t('dialog.collapse') : t('dialog.expand')} onClick={() => setExpanded(!expanded)}>
            {expanded ? <CloseFullscreenIcon /> : <OpenInFullIcon />}
          </IconButton>
        )}
        <IconButton aria-label={t('dialog.close')} onClick={onClose} data-overlay-close="">
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      {loading && <LinearProgress aria-label={t('dialog.loading')} />}
      {header && <Box sx={{ px: 3, pb: 1 }}>{header}</Box>}
      <DialogContent>{children}</DialogContent>
      {hasButtons && (
        <DialogActions>
          <Stack direction="row" spacing={1} sx={{ width: '100%', alignItems: 'center' }}>
            {deleteButton && (
              <Button color={deleteButton.color ?? 'error'} variant={deleteButton.variant ?? 'text'} onClick={deleteButton.onClick}>
                {deleteButton.label ?? t('dialog.delete')}
              </Button>
            )}
            <Box sx={{ flexGrow: 1 }} />
            {cancelButton && (
              <Button color={cancelButton.color ?? 'inherit'} variant={cancelButton.variant ?? 'text'} onClick={cancelButton.onClick}>
                {cancelButton.label ?? t('dialog.cancel')}
              </Button>
            )}
            {actionButton && (
              <Button
                color={actionButton.color ?? 'primary'}
                variant={actionButton.variant ?? 'contained'}
                onClick={actionButton.onClick}
                disabled={loading || actionButtonDisabled}
                loading={loading}
              >
                {actionButton.label ?? t('dialog.save')}
              </Button>
            )}
          </Stack>
        </DialogActions>
      )}
    </Dialog>
  );
}
