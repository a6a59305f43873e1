import type { PayPeriod } from '@groundwork/core/pay-periods';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { Button, IconButton, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { formatPeriod } from '../lib/dates';

interface PeriodSwitcherProps {
  period: PayPeriod;
  isCurrent: boolean;
  onPrevious: () => void;
  onNext: () => void;
  onCurrent: () => void;
}

/** The pay period shown, with the previous, next and current periods a tap away. */
export function PeriodSwitcher({ period, isCurrent, onPrevious, onNext, onCurrent }: PeriodSwitcherProps) {
  const { t, i18n } = useTranslation('timecards');
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', flexWrap: 'wrap' }} role="group" aria-label={t('period.label')}>
      <IconButton onClick={onPrevious} aria-label={t('period.previous')}>
        <ChevronLeftIcon />
      </IconButton>
      <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600, minWidth: 0 }} data-testid="period-label" aria-live="polite">
        {formatPeriod(period, i18n.language)}
      </Typography>
      <IconButton onClick={onNext} aria-label={t('period.next')}>
        <ChevronRightIcon />
      </IconButton>
      {!isCurrent && (
        <Button size="small" onClick={onCurrent}>
          {t('period.current')}
        </Button>
      )}
    </Stack>
  );
}
