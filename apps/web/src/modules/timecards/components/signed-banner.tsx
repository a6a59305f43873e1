import { personName } from '@groundwork/core/names';
import LockIcon from '@mui/icons-material/Lock';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import { Alert, Box, Button, Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { formatDay } from '../../../lib/dates';
import type { TimecardCard, TimecardPerson } from '../api/queries';

/** A signed card's banner: who signed when, their note and signature; admins may reopen the card. */
export function SignedBanner({
  cardRow,
  signedOn,
  holder,
  isAdmin,
  reopening,
  onReopen,
}: {
  cardRow: TimecardCard;
  signedOn: string;
  holder: TimecardPerson | undefined;
  isAdmin: boolean;
  reopening: boolean;
  onReopen: () => void;
}) {
  const { t, i18n } = useTranslation('timecards');
  return (
    <Alert
      severity="success"
      icon={<LockIcon />}
      data-testid="signed-banner"
      action={
        isAdmin ? (
          <Button color="inherit" size="small" startIcon={<LockOpenIcon />} onClick={onReopen} loading={reopening}>
            {t('actions.reopen')}
          </Button>
        ) : undefined
      }
    >
      <Stack spacing={1}>
        <span>
          {t('sign.signedOn', {
            date: formatDay(signedOn.slice(0, 10), i18n.language),
            name: holder ? personName(holder) : '',
          })}{' '}
          {t('sign.lockedHint')}
        </span>
        {cardRow.usernote && <span>{t('sign.noteShown', { note: cardRow.usernote })}</span>}
        {cardRow.signature_image && (
          <Box
            component="img"
            src={cardRow.signature_image}
            alt={t('sign.imageAlt', { name: holder ? personName(holder) : '' })}
            sx={{ maxWidth: 280, maxHeight: 90, bgcolor: '#fff', borderRadius: 1 }}
          />
        )}
      </Stack>
    </Alert>
  );
}
