import HourglassTopIcon from '@mui/icons-material/HourglassTop';
import { Alert, Box, Stack, Typography } from '@mui/material';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { dateFormat } from '../../lib/intl';

/**
 * GET: the signed-in person's own requests to join that wait for approval (server join.pending.ts: core's
 * JOIN_ENDPOINT + '/pending'). Written out so the select-tenant page does not pull core's join rules into its bundle.
 */
export const JOIN_PENDING_ENDPOINT = '/api/join/pending';
export type PendingJoin = { company: string; requested_on: string };

/** The server's answer was a refusal or failure (not a lost connection): retrying only delays the message. */
class PendingJoinsError extends Error {}

/** Keyed by the person, so someone else signing in on the same browser never sees the previous list. */
function pendingJoinsQueryOptions(identity: string) {
  return queryOptions({
    queryKey: ['join', 'pending', identity] as const,
    queryFn: async (): Promise<PendingJoin[]> => {
      const response = await fetch(JOIN_PENDING_ENDPOINT, { credentials: 'include' });
      if (!response.ok) throw new PendingJoinsError(`Request failed with status ${response.status}`);
      return ((await response.json()) as { pending: PendingJoin[] }).pending;
    },
    retry: (count, error) => !(error instanceof PendingJoinsError) && count < 2,
  });
}

/** The person's pending requests; nothing is asked before the session says who they are. */
export function usePendingJoins(identity: string | undefined) {
  return useQuery({ ...pendingJoinsQueryOptions(identity ?? ''), enabled: Boolean(identity) });
}

/**
 * On /select-tenant: the companies the person asked to join through a link (issue 26) and that have not answered
 * yet, each with when they asked. There is nothing to choose until an admin approves them; a declined request is
 * simply not there.
 */
export function PendingJoins({ pending, failed }: { pending: readonly PendingJoin[]; failed: boolean }) {
  const { t, i18n } = useTranslation('join');
  if (failed) return <Alert severity="error">{t('messages.fetchPending')}</Alert>;
  if (pending.length === 0) return null;
  const when = dateFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <Box component="section" aria-labelledby="join-waiting-title">
      <Typography id="join-waiting-title" variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
        {t('waiting.title')}
      </Typography>
      <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {pending.map((p) => (
          <Box
            component="li"
            key={`${p.company}-${p.requested_on}`}
            data-testid="join-waiting"
            sx={{ border: 1, borderColor: 'warning.main', borderRadius: 1, p: 1.5, display: 'flex', gap: 1.5 }}
          >
            <HourglassTopIcon aria-hidden color="warning" sx={{ mt: 0.25 }} />
            <Box sx={{ minWidth: 0 }}>
              <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{p.company}</Typography>
              <Typography variant="body2">{t('waiting.from', { company: p.company })}</Typography>
              <Typography variant="body2" color="text.secondary">
                {t('waiting.asked', { when: when.format(new Date(p.requested_on)) })}
              </Typography>
            </Box>
          </Box>
        ))}
      </Stack>
    </Box>
  );
}
