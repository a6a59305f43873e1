import { badgeText } from '@groundwork/core/notifications';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import MarkEmailReadOutlinedIcon from '@mui/icons-material/MarkEmailReadOutlined';
import {
  Alert,
  Badge,
  Button,
  CircularProgress,
  FormControlLabel,
  IconButton,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  Stack,
  Switch,
  Tooltip,
  Typography,
} from '@mui/material';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TenantGate } from '../../components/tenant-gate';
import { useSnackbar } from '../../shell/snackbar';
import { useDocumentTitle } from '../../shell/use-document-title';
import * as api from './api';
import { NotificationSettingsButton } from './notification-settings';
import { PushButton } from './push';

/** /notifications: everything addressed to me, newest first; open one to go to its record, mark one or all read. */
export function NotificationsPage() {
  const { t } = useTranslation('announcements');
  useDocumentTitle(t('notifications.title'));
  return (
    <Stack spacing={2}>
      <Typography variant="h4" component="h1">
        {t('notifications.title')}
      </Typography>
      <TenantGate noTenant={t('noTenant')}>{(tenant) => <Inbox tenant={tenant} />}</TenantGate>
    </Stack>
  );
}

function Inbox({ tenant }: { tenant: string }) {
  const { t, i18n } = useTranslation('announcements');
  const qc = useQueryClient();
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const [unreadOnly, setUnreadOnly] = useState(false);
  const list = useInfiniteQuery({
    queryKey: [...api.inboxKey(tenant), unreadOnly],
    queryFn: ({ pageParam }) => api.listMyNotifications({ tenant_uuid: tenant, nextToken: pageParam, unread_only: unreadOnly }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextToken,
  });
  useEffect(() => {
    if (list.isError) snackbar.show({ color: 'error', message: t('notifications.fetchError') });
  }, [list.isError, snackbar, t]);
  const refresh = () => {
    void qc.invalidateQueries({ queryKey: api.inboxKey(tenant) });
    void qc.invalidateQueries({ queryKey: api.unreadKey(tenant) });
  };
  const mark = useMutation({
    mutationFn: (v: { ids?: number[]; all?: boolean }) => api.markRead({ tenant_uuid: tenant, ...v }),
    onSuccess: (unread, v) => {
      qc.setQueryData(api.unreadKey(tenant), unread);
      if (v.all) snackbar.show({ color: 'success', message: t('notifications.markedAll') });
      refresh();
    },
    onError: () => snackbar.show({ color: 'error', message: t('notifications.markError') }),
  });
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  const unread = list.data?.pages[0]?.unread ?? 0;
  const open = (n: api.Notification) => {
    if (!n.read_at) mark.mutate({ ids: [n.id] });
    if (n.link) void navigate({ to: n.link });
  };
  const fmt = (iso: string) => new Date(iso).toLocaleString(i18n.language);

  return (
    <>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        <Button
          variant="outlined"
          startIcon={<DoneAllIcon />}
          disabled={unread === 0 || mark.isPending}
          onClick={() => mark.mutate({ all: true })}
        >
          {t('notifications.markAllRead')}
        </Button>
        <FormControlLabel
          control={<Switch checked={unreadOnly} onChange={(e) => setUnreadOnly(e.target.checked)} />}
          label={t('notifications.unreadOnly')}
        />
        <PushButton tenant={tenant} />
        <NotificationSettingsButton tenant={tenant} />
      </Stack>
      {list.isPending && <CircularProgress aria-label={t('notifications.title')} />}
      {!list.isPending && items.length === 0 && <Alert severity="info">{t('notifications.empty')}</Alert>}
      {items.length > 0 && (
        <List aria-label={t('notifications.title')} data-testid="inbox">
          {items.map((n) => (
            <ListItem
              key={n.id}
              disablePadding
              divider
              secondaryAction={
                !n.read_at && (
                  // An icon, not a text button: on a phone the words ran over the notification's date.
                  <Tooltip title={t('notifications.markRead')}>
                    <IconButton
                      edge="end"
                      aria-label={`${t('notifications.markRead')}: ${n.title}`}
                      onClick={() => mark.mutate({ ids: [n.id] })}
                    >
                      <MarkEmailReadOutlinedIcon />
                    </IconButton>
                  </Tooltip>
                )
              }
            >
              <ListItemButton onClick={() => open(n)}>
                <Badge color="primary" variant="dot" invisible={Boolean(n.read_at)} sx={{ mr: 2 }}>
                  <span />
                </Badge>
                <ListItemText
                  primary={
                    <Typography component="span" sx={{ fontWeight: n.read_at ? 400 : 700 }}>
                      {n.title}
                      {n.count > 1 ? ` · ${t('notifications.batched', { count: n.count })}` : ''}
                    </Typography>
                  }
                  secondary={`${t(`notifications.kinds.${n.kind}` as never, { defaultValue: n.kind })} · ${fmt(n.updated_on)}${
                    n.read_at ? '' : ` · ${t('notifications.unread')}`
                  }`}
                />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      )}
      {list.hasNextPage && (
        <Button onClick={() => list.fetchNextPage()} disabled={list.isFetchingNextPage}>
          {t('notifications.loadMore')}
        </Button>
      )}
      <Typography variant="caption" color="text.secondary" aria-live="polite">
        {unread > 0 ? `${t('notifications.unread')}: ${badgeText(unread)}` : ''}
      </Typography>
    </>
  );
}
