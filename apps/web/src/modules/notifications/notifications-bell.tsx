import { badgeText } from '@groundwork/core/notifications';
import NotificationsOutlinedIcon from '@mui/icons-material/NotificationsOutlined';
import { Badge, IconButton } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useAfterFirstScreen } from '../../lib/first-screen';
import { useTenant } from '../../lib/storage';
import { Hint } from '../../shell/hint';
import * as api from './api';
import { watchMyNotifications } from './live';

const MoodPrompt = lazy(() => import('../mood/mood-prompt').then((m) => ({ default: m.MoodPrompt })));

/**
 * The app bar's bell: the unread count, kept live over the company's SSE stream; opens /notifications. The count, its
 * stream and the mood check-in come once the first screen is on screen (issue 28, lib/first-screen.ts).
 */
export function NotificationsBell() {
  const tenant = useTenant();
  const shown = useAfterFirstScreen();
  if (!tenant) return null;
  return (
    <>
      <Bell tenant={tenant} live={shown} />
      {shown && (
        <Suspense fallback={null}>
          <MoodPrompt tenant={tenant} />
        </Suspense>
      )}
    </>
  );
}

function Bell({ tenant, live }: { tenant: string; live: boolean }) {
  const { t } = useTranslation('announcements');
  const qc = useQueryClient();
  const navigate = useNavigate();
  const unread = useQuery({
    queryKey: api.unreadKey(tenant),
    queryFn: () => api.myUnread({ tenant_uuid: tenant }),
    retry: false,
    enabled: live,
  });
  useEffect(() => {
    if (!live) return;
    return watchMyNotifications(tenant, () => {
      void qc.invalidateQueries({ queryKey: api.unreadKey(tenant) });
      void qc.invalidateQueries({ queryKey: api.inboxKey(tenant) });
      void qc.invalidateQueries({ queryKey: ['announcements', tenant] });
    });
  }, [tenant, qc, live]);
  const count = unread.data ?? 0;
  const label = count > 0 ? t('notifications.openCount', { count }) : t('notifications.open');
  return (
    <Hint title={label}>
      <IconButton color="inherit" aria-label={label} onClick={() => navigate({ to: '/notifications' })} data-testid="notifications-bell">
        <Badge
          color="error"
          badgeContent={count > 0 ? badgeText(count) : undefined}
          invisible={count === 0}
          data-testid="notifications-badge"
        >
          <NotificationsOutlinedIcon />
        </Badge>
      </IconButton>
    </Hint>
  );
}
