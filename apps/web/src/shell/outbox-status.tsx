import CloudUploadOutlinedIcon from '@mui/icons-material/CloudUploadOutlined';
import {
  Badge,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  List,
  ListItem,
  ListItemText,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dateFormat } from '../lib/intl';
import { drain } from '../lib/outbox/drain';
import { discard, type OutboxItem, resend } from '../lib/outbox/outbox';
import { useOutboxRunner } from '../lib/outbox/use-outbox';
import { useOutboxItems } from '../lib/outbox/use-outbox-items';

const DAY = 24 * 60 * 60 * 1000;

const unsent = (items: OutboxItem[]) => items.filter((i) => i.status === 'pending' || i.status === 'sending');

/**
 * The app bar's view of the offline outbox (issue 24): a count of what waits to be sent, and the list — each action
 * "saved on this phone", sending, sent at a time, or not accepted with the server's reason and a way to send it again
 * or discard it. Shown only while the person has something waiting, refused, or sent in the last day.
 */
export function OutboxStatus({ owner }: { owner: string }) {
  const { t, i18n } = useTranslation('shell');
  const queryClient = useQueryClient();
  const items = useOutboxItems(owner);
  const [open, setOpen] = useState(false);
  const titleId = useId();
  useOutboxRunner(owner);

  const visible = items.filter((i) => i.status !== 'sent' || (i.sent_at ?? 0) > Date.now() - DAY);
  const waiting = unsent(items).length;
  const refused = items.filter((i) => i.status === 'refused').length;
  if (!visible.length) return null;
  // What waits comes first; with nothing waiting, what was not accepted.
  const shown = waiting || refused;
  const label = waiting
    ? t('outbox.waiting', { count: waiting })
    : refused
      ? t('outbox.notAccepted', { count: refused })
      : t('outbox.button');

  const time = (at: number) => dateFormat(i18n.language, { hour: 'numeric', minute: '2-digit' }).format(at);
  const sendNow = async () => {
    const report = await drain(owner).catch(() => null);
    if (report?.sent.length) await queryClient.invalidateQueries();
  };
  const state = (item: OutboxItem) => {
    switch (item.status) {
      case 'sent':
        return t('outbox.sent', { time: time(item.sent_at ?? item.created_at) });
      case 'sending':
        return t('outbox.sending');
      case 'refused':
        return t('outbox.refused', { reason: item.error ?? '' });
      default:
        return t('outbox.pending');
    }
  };

  return (
    <>
      <Tooltip title={label}>
        <IconButton color="inherit" aria-label={label} onClick={() => setOpen(true)}>
          {/* The number shown is part of the button's name. With none, no Badge at all: a hidden MUI Badge keeps its
              last number in the page for its exit transition, which would no longer match the name. */}
          {shown ? (
            <Badge color={waiting ? 'warning' : 'error'} badgeContent={shown}>
              <CloudUploadOutlinedIcon />
            </Badge>
          ) : (
            <CloudUploadOutlinedIcon />
          )}
        </IconButton>
      </Tooltip>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby={titleId} fullWidth maxWidth="sm">
        <DialogTitle id={titleId}>{t('outbox.title')}</DialogTitle>
        <DialogContent>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {t('outbox.intro')}
          </Typography>
          {visible.length ? (
            <List dense aria-label={t('outbox.title')}>
              {visible.map((item) => (
                <ListItem key={item.id} disableGutters divider>
                  <Stack sx={{ width: 1 }} spacing={0.5}>
                    <ListItemText
                      primary={item.label}
                      secondary={state(item)}
                      slotProps={{ secondary: { color: item.status === 'refused' ? 'error' : 'text.secondary' } }}
                    />
                    {item.status === 'refused' && (
                      <Box>
                        <Button size="small" onClick={() => void resend(owner, item.id).then(sendNow)}>
                          {t('outbox.resend')}
                        </Button>
                        <Button size="small" color="inherit" onClick={() => void discard(owner, item.id)}>
                          {t('outbox.discard')}
                        </Button>
                      </Box>
                    )}
                  </Stack>
                </ListItem>
              ))}
            </List>
          ) : (
            <Typography>{t('outbox.empty')}</Typography>
          )}
        </DialogContent>
        <DialogActions>
          {waiting > 0 && <Button onClick={() => void sendNow()}>{t('outbox.sendNow')}</Button>}
          <Button onClick={() => setOpen(false)}>{t('outbox.close')}</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
