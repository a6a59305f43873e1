import FilterListIcon from '@mui/icons-material/FilterList';
import { Badge, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Slide } from '@mui/material';
import type { TransitionProps } from '@mui/material/transitions';
import { type ReactElement, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { activeFilterCount, DEFAULT_FILTERS, type ReceiptFilters } from '../lib/filters';
import { ReceiptFilterFields } from './receipt-filter-fields';
import type { ReceiptLookups } from './use-receipt-lookups';

/** Read by screen readers, not shown (the badge shows the count). */
const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
} as const;

/** The sheet rises from the bottom edge. */
function SlideUp(props: TransitionProps & { children: ReactElement }) {
  return <Slide direction="up" {...props} />;
}

interface ReceiptFilterSheetProps {
  filters: ReceiptFilters;
  onApply: (filters: ReceiptFilters) => void;
  lookups: ReceiptLookups;
}

/**
 * Receipts admins on a phone: a "Filters" button with the number of filters in use, opening a bottom sheet with the
 * desktop's fields. Changes wait for "Apply" (one step in the history); "Clear" empties the fields.
 */
export function ReceiptFilterSheet({ filters, onApply, lookups }: ReceiptFilterSheetProps) {
  const { t } = useTranslation('receipts');
  const [draft, setDraft] = useState<ReceiptFilters | null>(null);
  const count = activeFilterCount(filters);
  const close = () => setDraft(null);

  return (
    <>
      <Button
        variant="outlined"
        onClick={() => setDraft(filters)}
        startIcon={
          <Badge badgeContent={count} color="primary" aria-hidden>
            <FilterListIcon />
          </Badge>
        }
        sx={{ minHeight: 44 }}
      >
        {t('filters.button')}
        {count > 0 && (
          <Box component="span" sx={visuallyHidden}>
            {`, ${t('filters.inUse', { count })}`}
          </Box>
        )}
      </Button>
      <Dialog
        open={draft !== null}
        onClose={close}
        fullWidth
        aria-labelledby="receipt-filter-sheet-title"
        slots={{ transition: SlideUp }}
        slotProps={{
          paper: {
            sx: {
              position: 'fixed',
              bottom: 0,
              m: 0,
              width: '100%',
              maxWidth: '100%',
              borderBottomLeftRadius: 0,
              borderBottomRightRadius: 0,
              borderTopLeftRadius: 16,
              borderTopRightRadius: 16,
              pb: 'env(safe-area-inset-bottom)',
            },
          },
        }}
      >
        <DialogTitle id="receipt-filter-sheet-title">{t('filters.label')}</DialogTitle>
        <DialogContent>
          {draft && (
            <ReceiptFilterFields
              layout="column"
              filters={draft}
              lookups={lookups}
              onChange={(patch) => setDraft((prev) => (prev ? { ...prev, ...patch } : prev))}
            />
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2, gap: 1 }}>
          <Button onClick={() => setDraft(DEFAULT_FILTERS)} disabled={!draft || activeFilterCount(draft) === 0} sx={{ mr: 'auto' }}>
            {t('filters.clear')}
          </Button>
          <Button onClick={close}>{t('dialog.cancel')}</Button>
          <Button
            variant="contained"
            onClick={() => {
              if (draft) onApply(draft);
              close();
            }}
          >
            {t('filters.apply')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
