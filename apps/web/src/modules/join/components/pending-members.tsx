import { Alert, Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { dateFormat } from '../../../lib/intl';
import { useSnackbar } from '../../../shell/snackbar';
import { peopleKeys } from '../../people/api/keys';
import { approveJoinRequest, declineJoinRequest, type JoinRequest, joinRequestsQueryOptions } from '../api';

const fullName = (r: JoinRequest) => `${r.firstname} ${r.lastname}`.trim();

/**
 * People who asked to join through a link (issue 26), listed first on /admin/people for people admins: when they
 * asked and through which link, with Approve and Decline. Nothing shows when nobody waits.
 */
export function PendingMembers({ tenant }: { tenant: string }) {
  const { t, i18n } = useTranslation('join');
  const snackbar = useSnackbar();
  const queryClient = useQueryClient();
  const requests = useQuery(joinRequestsQueryOptions(tenant));
  const [declining, setDeclining] = useState<JoinRequest | null>(null);
  const when = dateFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });

  useEffect(() => {
    if (requests.isError) snackbar.show({ color: 'error', message: t('messages.fetchRequests') });
  }, [requests.isError, snackbar, t]);

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: ['join', tenant] });
    void queryClient.invalidateQueries({ queryKey: peopleKeys.all(tenant) });
  };
  const approve = useMutation({
    mutationFn: (r: JoinRequest) => approveJoinRequest(tenant, r.id),
    onSuccess: (_data, r) => snackbar.show({ color: 'success', message: t('pending.approved', { name: fullName(r) }) }),
    onError: (_error, r) => snackbar.show({ color: 'error', message: t('messages.approveFailed', { name: fullName(r) }) }),
    onSettled: refresh,
  });
  const decline = useMutation({
    mutationFn: (r: JoinRequest) => declineJoinRequest(tenant, r.id),
    onSuccess: (_data, r) => {
      snackbar.show({ color: 'success', message: t('pending.declined', { name: fullName(r) }) });
      setDeclining(null);
    },
    onError: (_error, r) => snackbar.show({ color: 'error', message: t('messages.declineFailed', { name: fullName(r) }) }),
    onSettled: refresh,
  });

  if (requests.isError) return <Alert severity="error">{t('messages.fetchRequests')}</Alert>;
  const waiting = requests.data ?? [];
  if (waiting.length === 0) return null;
  const busy = (r: JoinRequest) =>
    (approve.isPending && approve.variables?.id === r.id) || (decline.isPending && decline.variables?.id === r.id);

  return (
    <Card variant="outlined" component="section" aria-labelledby="join-pending-title" sx={{ borderColor: 'warning.main' }}>
      <CardContent>
        <Typography id="join-pending-title" variant="h6" component="h2" gutterBottom>
          {t('pending.title')} ({waiting.length})
        </Typography>
        <Box component="ul" aria-label={t('pending.label')} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {waiting.map((r) => (
            <Box
              component="li"
              key={r.id}
              sx={{ py: 1.5, borderTop: 1, borderColor: 'divider', '&:first-of-type': { borderTop: 0 } }}
              data-testid="join-request"
            >
              <Stack
                direction={{ xs: 'column', sm: 'row' }}
                spacing={1.5}
                sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
              >
                <Box sx={{ minWidth: 0 }}>
                  <Typography sx={{ fontWeight: 600 }}>{fullName(r)}</Typography>
                  <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                    {r.username}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {t('pending.joined', { when: when.format(new Date(r.created_on)), link: r.link_name })}
                  </Typography>
                </Box>
                <Stack direction="row" spacing={1} sx={{ flexShrink: 0 }}>
                  <Button
                    variant="contained"
                    color="success"
                    aria-label={t('pending.approveName', { name: fullName(r) })}
                    loading={approve.isPending && approve.variables?.id === r.id}
                    disabled={busy(r)}
                    onClick={() => approve.mutate(r)}
                  >
                    {t('pending.approve')}
                  </Button>
                  <Button
                    variant="outlined"
                    color="error"
                    aria-label={t('pending.declineName', { name: fullName(r) })}
                    disabled={busy(r)}
                    onClick={() => setDeclining(r)}
                  >
                    {t('pending.decline')}
                  </Button>
                </Stack>
              </Stack>
            </Box>
          ))}
        </Box>
      </CardContent>
      {declining && (
        <ConfirmDialog
          title={t('pending.declineTitle', { name: fullName(declining) })}
          body={t('pending.declineBody')}
          confirmLabel={t('pending.decline')}
          color="error"
          loading={decline.isPending}
          onConfirm={() => decline.mutate(declining)}
          onClose={() => setDeclining(null)}
        />
      )}
    </Card>
  );
}
