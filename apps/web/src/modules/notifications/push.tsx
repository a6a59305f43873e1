import NotificationsActiveOutlinedIcon from '@mui/icons-material/NotificationsActiveOutlined';
import { Button } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../shell/snackbar';
import * as api from './api';

const b64urlToBytes = (s: string) => {
  const pad = '='.repeat((4 - (s.length % 4)) % 4);
  const raw = atob((s + pad).replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(raw, (c) => c.charCodeAt(0));
};

/** Turns on Web Push for this device: asks permission, subscribes with the server's VAPID key, stores the device. */
export function PushButton({ tenant }: { tenant: string }) {
  const { t } = useTranslation('announcements');
  const snackbar = useSnackbar();
  const [on, setOn] = useState(false);
  if (typeof window === 'undefined' || !('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window))
    return null;
  const enable = async () => {
    try {
      if ((await Notification.requestPermission()) !== 'granted') throw new Error('denied');
      const registration = await navigator.serviceWorker.ready;
      const key = await api.pushPublicKey({ tenant_uuid: tenant });
      const sub =
        (await registration.pushManager.getSubscription()) ??
        (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: b64urlToBytes(key) }));
      const json = sub.toJSON() as { endpoint: string; keys: { p256dh: string; auth: string } };
      await api.savePushSubscription({
        tenant_uuid: tenant,
        endpoint: json.endpoint,
        p256dh: json.keys.p256dh,
        auth: json.keys.auth,
        user_agent: navigator.userAgent,
      });
      setOn(true);
      snackbar.show({ color: 'success', message: t('notifications.pushOn') });
    } catch {
      snackbar.show({ color: 'error', message: t('notifications.pushError') });
    }
  };
  return (
    <Button variant="text" startIcon={<NotificationsActiveOutlinedIcon />} onClick={enable} disabled={on}>
      {t('notifications.push')}
    </Button>
  );
}
