import CallSplitIcon from '@mui/icons-material/CallSplit';
import { Box, Button, Stack, Typography } from '@mui/material';
import { type Control, Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { ReceiptFormValues } from '../lib/receipt-form';
import { type CodeOption, type JobOption, SplitEditor } from './split-editor';

/** For admins: split the receipt over several jobs and cost codes, or stop splitting it. */
export function ReceiptSplitSection({
  control,
  split,
  totalCents,
  jobs,
  codesFor,
  newKey,
  disabled,
  onStart,
  onEnd,
}: {
  control: Control<ReceiptFormValues>;
  split: boolean;
  totalCents: number | null;
  jobs: JobOption[];
  codesFor: (jobId: number | null) => CodeOption[];
  newKey: () => number;
  disabled: boolean;
  onStart: () => void;
  onEnd: () => void;
}) {
  const { t } = useTranslation('receipts');
  return (
    <Box>
      {split ? (
        <Stack spacing={1}>
          <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
            <Typography variant="subtitle2" component="h3">
              {t('split.title')}
            </Typography>
            <Button size="small" onClick={onEnd}>
              {t('split.stop')}
            </Button>
          </Stack>
          <Controller
            control={control}
            name="splits"
            render={({ field }) => (
              <SplitEditor
                totalCents={totalCents}
                lines={field.value}
                onChange={field.onChange}
                jobs={jobs}
                codesFor={codesFor}
                newKey={newKey}
                disabled={disabled}
              />
            )}
          />
        </Stack>
      ) : (
        <Button startIcon={<CallSplitIcon />} onClick={onStart}>
          {t('split.start')}
        </Button>
      )}
    </Box>
  );
}
