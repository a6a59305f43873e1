import { Alert, Stack } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../../shell/snackbar';
import { cardQueries } from '../api/keys';
import { signTimecard } from '../api/mutations';
import { refusalMessage } from '../lib/messages';
import { NoteField, noteTooLong, TimecardDialog } from './dialog-fields';
import { SignatureField } from './signature-field';

interface SignDialogProps {
  tenant: string;
  cardId: number;
  periodLabel: string;
  totalLabel: string;
  onClose: () => void;
}

/** Signs the caller's card for the period with a drawn (or typed) signature and a note; the card then locks. */
export function SignDialog({ tenant, cardId, periodLabel, totalLabel, onClose }: SignDialogProps) {
  const { t } = useTranslation('timecards');
  const snackbar = useSnackbar();
  const queryClient = useQueryClient();
  const [image, setImage] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const [tried, setTried] = useState(false);
  const sign = useMutation({
    mutationFn: () => signTimecard(tenant, cardId, image ?? '', note.trim() || null),
    onSuccess: () => {
      snackbar.show({ color: 'success', message: t('messages.signed') });
      onClose();
    },
    onError: (error) => snackbar.show({ color: 'error', message: refusalMessage(error, t, t('messages.signFailed')) }),
    onSettled: () => queryClient.invalidateQueries(cardQueries(tenant)),
  });

  return (
    <TimecardDialog
      onClose={onClose}
      title={t('sign.title')}
      loading={sign.isPending}
      actionButton={{
        label: t('sign.submit'),
        onClick: () => {
          setTried(true);
          if (image && !noteTooLong(note)) sign.mutate();
        },
      }}
    >
      <Stack spacing={2}>
        <Alert severity="info">{t('sign.confirm', { period: periodLabel, total: totalLabel })}</Alert>
        <SignatureField onChange={setImage} />
        {tried && !image && <Alert severity="error">{t('refusals.drawSignature')}</Alert>}
        <NoteField label={t('sign.note')} value={note} onChange={setNote} />
      </Stack>
    </TimecardDialog>
  );
}
