import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useOutboxOwner } from '../../../auth/session';
import { request } from '../../../lib/graphql';
import { useSnackbar } from '../../../shell/snackbar';
import { refusalMessage } from '../lib/messages';
import { formatTime } from './format';
import { type Consent, fixFor, readConsent } from './location';
import { type PunchAction, type PunchClockResult, punchClockMutation, punchQueries, readPunchResult } from './punch-api';
import { CREW_PUNCH_KIND, PUNCH_KIND } from './queued-punches';

export type PunchRequest = {
  action: PunchAction;
  jobs_id?: number | null;
  costcodes_id?: number | null;
  /** A crew punch: these people (the foreman's, or anyone for an admin). Absent: the signed-in person. */
  employees_ids?: number[];
  /** The job and cost code in words, for the pending list ("Clock in at 7:02 AM · RMOB · 03-300"). */
  where?: string;
  /** The moment of the tap (before a question about location, say): the punch's device time. Default: now. */
  at?: Date;
};

/** What a punch gave back: the server's outcomes, or that it waits on this phone. */
export type PunchSent = { queued: true } | { queued: false; result: PunchClockResult };

const loadOutboxSend = () => import('../../../lib/outbox/send');

/**
 * A punch, online or not: the moment of the tap is its device time; the place (one fix, with consent) is taken, then
 * it goes through the offline outbox like every field action, so a punch without signal is sent once, later.
 */
export function usePunch(
  tenant: string,
  askLocation: boolean,
  opts: { consent?: Consent | null; onSent?: (sent: PunchSent) => void } = {},
) {
  const { t, i18n } = useTranslation('timecards');
  const snackbar = useSnackbar();
  const queryClient = useQueryClient();
  const owner = useOutboxOwner();
  return useMutation({
    // Punches land in the order they were tapped.
    scope: { id: 'punch-clock' },
    networkMode: 'always',
    mutationFn: async (punch: PunchRequest): Promise<PunchSent> => {
      const tapped = punch.at ?? new Date();
      const fix = await fixFor(askLocation, opts.consent ?? readConsent(owner));
      const variables = {
        tenant_uuid: tenant,
        action: punch.action,
        employees_ids: punch.employees_ids?.length ? punch.employees_ids : null,
        jobs_id: punch.jobs_id ?? null,
        costcodes_id: punch.costcodes_id ?? null,
        location: fix.location,
        location_status: fix.location_status,
        device_time: tapped.toISOString(),
      };
      if (!owner) return { queued: false, result: readPunchResult(await request(punchClockMutation, variables)) };
      const { sendFieldAction } = await loadOutboxSend();
      const crew = Boolean(punch.employees_ids?.length);
      const what = t(`clock.outbox.${punch.action}`, { time: formatTime(tapped.getTime(), i18n.language) });
      const sent = await sendFieldAction({
        owner,
        tenant,
        kind: crew ? CREW_PUNCH_KIND : PUNCH_KIND,
        label: crew
          ? t('clock.outbox.crew', { what, count: punch.employees_ids?.length ?? 0 })
          : punch.where
            ? `${what} · ${punch.where}`
            : what,
        document: punchClockMutation,
        variables,
      });
      return sent.queued ? { queued: true } : { queued: false, result: readPunchResult(sent.data) };
    },
    onSuccess: (sent) => {
      if (sent.queued) snackbar.show({ color: 'info', message: t('clock.messages.queued') });
      opts.onSent?.(sent);
    },
    onError: (error) => snackbar.show({ color: 'error', message: refusalMessage(error, t, t('clock.messages.punchFailed')) }),
    onSettled: () => queryClient.invalidateQueries(punchQueries(tenant)),
  });
}
